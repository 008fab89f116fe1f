import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

/**
 * The code runner's sandbox page (decision 240), built on its own so nothing of it, Pyodide and
 * PGlite least of all, can enter the app's chunks. `vite build` of the app builds it after the
 * app (vite.config.ts) into dist/client/runner/, which the server serves under /runner/ with the
 * runner's own CSP (src/server/http/runner-headers.ts).
 */
const ROOT = import.meta.dirname;
const OUT_DIR = path.join(ROOT, 'dist/client/runner');

/** The files Pyodide loads at start, copied beside the runner: no CDN at run time. */
const PYODIDE_FILES = [
  'pyodide.mjs',
  'pyodide.asm.mjs',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
];

function copyPyodide(): Plugin {
  return {
    name: 'orbit-copy-pyodide',
    apply: 'build',
    async writeBundle() {
      const from = path.join(ROOT, 'node_modules/pyodide');
      const to = path.join(OUT_DIR, 'pyodide');
      await mkdir(to, { recursive: true });
      await Promise.all(
        PYODIDE_FILES.map((file) => copyFile(path.join(from, file), path.join(to, file))),
      );
    },
  };
}

export default defineConfig({
  root: path.join(ROOT, 'src/client/features/codehub/runner/sandbox'),
  base: '/runner/',
  publicDir: false,
  logLevel: 'warn',
  // Pyodide's and PGlite's WebAssembly and PGlite's file system image: 25 MB, about 8 MB gzipped.
  plugins: [copyPyodide(), precompress({ gzipOnly: /\.(wasm|data)$/ })],
  worker: { format: 'es' },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // PGlite's .wasm and .data are fetched by URL, never inlined as data: URLs.
    assetsInlineLimit: 0,
    target: 'es2022',
    rollupOptions: {
      // PGlite's Emscripten code has a direct eval on its Node.js path; the browser never runs it
      // (the runner's CSP has no 'unsafe-eval' and the runs prove it).
      onwarn(warning, warn) {
        if (warning.code === 'EVAL' && warning.id?.includes('@electric-sql/pglite')) return;
        warn(warning);
      },
    },
  },
});
