import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The server's worker threads, by the name their compiled entry has in dist/server/ and the
 * source file (relative to src/server/) it is built from (scripts/build-server.ts builds each
 * one next to main.js).
 */
export const WORKER_ENTRIES = {
  'pglite-worker': 'db/pglite-worker.ts',
  'pdf-worker': 'features/export/pdf-worker.ts',
  'pdf-text-worker': 'features/files/pdf-text-worker.ts',
} as const;

export type WorkerName = keyof typeof WORKER_ENTRIES;

/** This module runs as TypeScript (tsx: `npm run dev`, tests) or compiled (`npm start`). */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * Starts one of the server's worker threads. Compiled, its entry is plain JavaScript beside the
 * bundle; from source, tsx's loader is registered inside the worker before its TypeScript entry is
 * imported (Node 20 does not pass `--import` hooks on to workers).
 */
export function startWorker(name: WorkerName, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!FROM_SOURCE) return new Worker(new URL(`./${name}.js`, import.meta.url), options);
  const entry = new URL(`./${WORKER_ENTRIES[name]}`, import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
