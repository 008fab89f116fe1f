import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PgliteWorkerData, PgliteWorkerReply, PgliteWorkerRequest } from './pglite-worker.ts';

/** The PGlite worker thread seen from the main thread: a socket to connect to, dump and close. */
export interface PgliteThread {
  /** Directory of the Unix socket, as node-postgres expects in `host`. */
  socketDir: string;
  socketPort: number;
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

const SOCKET_PORT = 5432;

export async function startPgliteThread(options: {
  dataDir?: string;
  template?: Blob;
}): Promise<PgliteThread> {
  // A private 0700 directory: only this user can reach the trust-auth socket.
  const socketDir = mkdtempSync(path.join(tmpdir(), 'orbit-pglite-'));
  const template = options.template ? await options.template.arrayBuffer() : undefined;
  const data: PgliteWorkerData = {
    socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(template === undefined ? {} : { template }),
  };
  // The worker is TypeScript too: register tsx's loader inside it before importing it
  // (Node 20 does not pass `--import` hooks on to workers).
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(bootstrap, {
    eval: true,
    workerData: data,
    transferList: template ? [template] : [],
  });

  const next = () =>
    new Promise<PgliteWorkerReply>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`PGlite worker exited with code ${code}`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (reply: PgliteWorkerReply) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        resolve(reply);
      });
    });
  const ask = async (request: PgliteWorkerRequest) => {
    const reply = next();
    worker.postMessage(request);
    return reply;
  };
  const requireReply = <T extends PgliteWorkerReply['type']>(reply: PgliteWorkerReply, type: T) => {
    if (reply.type === 'error') throw new Error(`PGlite: ${reply.message}`);
    if (reply.type !== type) throw new Error(`PGlite worker answered ${reply.type}, not ${type}`);
    return reply as Extract<PgliteWorkerReply, { type: T }>;
  };

  requireReply(await next(), 'ready');
  return {
    socketDir,
    socketPort: SOCKET_PORT,
    dump: async () => new Blob([requireReply(await ask({ type: 'dump' }), 'dump').data]),
    close: async () => {
      requireReply(await ask({ type: 'close' }), 'closed');
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
