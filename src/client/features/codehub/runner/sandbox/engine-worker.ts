import { runnerCommandSchema } from '#shared/codehub/runner-protocol.ts';
import { runJavaScript, runTypeScript } from './run-javascript.ts';
import { runPython } from './run-python.ts';
import { runSql } from './run-sql.ts';
import { emit, formatValue, workerScope } from './worker-console.ts';

/**
 * One run per worker: the runner page starts a fresh worker for each run, which imports this
 * module and passes the command on once it has loaded (sandbox.ts), and terminates it when the run ends, is stopped,
 * or the page removes the whole sandbox.
 */
let started = false;
workerScope.addEventListener('message', (event) => handleCommand(event.data));

function handleCommand(data: unknown) {
  if (started) return;
  const command = runnerCommandSchema.safeParse(data);
  if (!command.success || command.data.type !== 'run') return;
  started = true;
  const { runId, language, mainFile, files } = command.data;
  const main = files.find((file) => file.filename === mainFile)?.content ?? '';
  const run =
    language === 'javascript'
      ? runJavaScript(runId, main)
      : language === 'typescript'
        ? runTypeScript(runId, main, mainFile)
        : language === 'python'
          ? runPython(runId, mainFile, files)
          : language === 'sql'
            ? runSql(runId, main)
            : Promise.reject(new Error(`${language} does not run in a worker`));
  run.catch((error: unknown) => {
    emit({ type: 'finished', runId, ok: false, error: formatValue(error) });
  });
}
