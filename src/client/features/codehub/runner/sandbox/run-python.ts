import type { PyodideAPI } from 'pyodide';
import { emit, formatValue, output } from './worker-console.ts';

type LoadPyodide = (options: {
  indexURL: string;
  packageBaseUrl?: string;
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
}) => Promise<PyodideAPI>;

/**
 * Pyodide is copied beside the runner at build time (/runner/pyodide/, vite.runner.config.ts)
 * and loaded from there only: the runner's CSP allows no other host, so nothing is downloaded
 * from a CDN and a package that is not shipped fails to import.
 */
export async function runPython(
  runId: string,
  mainFile: string,
  files: { filename: string; content: string }[],
) {
  const indexURL = new URL(/* @vite-ignore */ '../pyodide/', import.meta.url).href;
  const { loadPyodide } = (await import(/* @vite-ignore */ `${indexURL}pyodide.mjs`)) as {
    loadPyodide: LoadPyodide;
  };
  const pyodide = await loadPyodide({
    indexURL,
    packageBaseUrl: indexURL,
    stdout: (line) => output(runId, 'stdout', `${line}\n`),
    stderr: (line) => output(runId, 'stderr', `${line}\n`),
  });
  // The other files of the project sit beside the main one, so `import utils` finds utils.py.
  const fs = pyodide.FS as { writeFile(path: string, data: string): void };
  for (const file of files) fs.writeFile(file.filename, file.content);
  const main = files.find((file) => file.filename === mainFile)?.content ?? '';
  emit({ type: 'started', runId });
  try {
    await pyodide.runPythonAsync(main, { filename: mainFile });
    emit({ type: 'finished', runId, ok: true });
  } catch (error) {
    output(runId, 'stderr', `${error instanceof Error ? error.message : formatValue(error)}\n`);
    emit({ type: 'finished', runId, ok: false });
  }
}
