import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '#server/threads.ts';
import { SOCKET_DIR_PREFIX, SOCKET_FILE } from './pglite-temp.ts';
import type {
  PgliteWorkerAnswer,
  PgliteWorkerCommand,
  PgliteWorkerData,
  PgliteWorkerReply,
  PgliteWorkerRequest,
} from './pglite-worker.ts';

/** The PGlite worker thread seen from the main thread: a socket to connect to, dump and close. */
export interface PgliteThread {
  /** Directory of the Unix socket, as node-postgres expects in `host`. */
  socketDir: string;
  socketPort: number;
  /**
   * Resolves when the thread dies on its own (an uncaught error in it, or its exit): the database
   * is gone and every query fails from then on, so the process must stop (src/server/main.ts).
   */
  failed: Promise<Error>;
  /** The thread itself, for diagnostics (its end is reported through `failed`). */
  worker: Worker;
  dump(): Promise<Blob>;
  /** Replaces the database with a dumped data directory; connections are cut and reconnect. */
  restore(dump: Blob): Promise<void>;
  close(): Promise<void>;
}

const SOCKET_PORT = Number(SOCKET_FILE.split('.').pop());

export async function startPgliteThread(options: {
  dataDir?: string;
  template?: Blob;
}): Promise<PgliteThread> {
  // A private 0700 directory: only this user can reach the trust-auth socket.
  const socketDir = mkdtempSync(path.join(tmpdir(), SOCKET_DIR_PREFIX));
  const template = options.template ? await options.template.arrayBuffer() : undefined;
  const data: PgliteWorkerData = {
    socketPath: path.join(socketDir, SOCKET_FILE),
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(template === undefined ? {} : { template }),
  };
  const worker = startWorker('pglite-worker', {
    // The thread's own JavaScript allocates little (the wire server's buffers live outside the
    // heap): a small young generation instead of the default 48 MiB (decision 270).
    resourceLimits: { maxYoungGenerationSizeMb: 6 },
    workerData: data,
    transferList: template ? [template] : [],
  });

  const requireReply = <T extends PgliteWorkerReply['type']>(reply: PgliteWorkerReply, type: T) => {
    if (reply.type === 'error') throw new Error(`PGlite: ${reply.message}`);
    if (reply.type !== type) throw new Error(`PGlite worker answered ${reply.type}, not ${type}`);
    return reply as Extract<PgliteWorkerReply, { type: T }>;
  };
  const started = new Promise<PgliteWorkerReply>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`PGlite worker exited with code ${code}`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (reply: PgliteWorkerReply) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      resolve(reply);
    });
  });

  /**
   * Requests in flight by their number: the worker answers each with the number it was sent
   * with, so a caller never takes another's answer (a restore asked for while a dump ran got the
   * dump's; docs/decisions/323-pglite-requests-answered-by-number.md).
   */
  const pending = new Map<
    number,
    { resolve: (answer: PgliteWorkerAnswer) => void; reject: (error: Error) => void }
  >();
  let lastId = 0;
  /** Set once the thread has ended, closing or not: nothing will answer any more. */
  let gone: Error | undefined;
  const ask = (command: PgliteWorkerCommand, transfer: ArrayBuffer[] = []) =>
    new Promise<PgliteWorkerAnswer>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = ++lastId;
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ ...command, id } satisfies PgliteWorkerRequest, transfer);
      } catch (error) {
        pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  const end = (error: Error) => {
    gone ??= error;
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };
  /**
   * One request at a time, in the order they were made: a restore reads its tarball before it is
   * sent, and a dump asked for after it must see the restored database, not slip ahead.
   */
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>) => {
    const run = turn.then(work);
    turn = run.catch(() => {});
    return run;
  };

  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  try {
    requireReply(await started, 'ready');
  } catch (error) {
    await worker.terminate();
    removeSocketDir();
    throw error;
  }

  // From here on nothing awaits the worker's events but these: without them an error in the
  // thread would go unnoticed (or, as an 'error' event without a listener, crash the process
  // with no clean shutdown) and the server would stay up with its database gone.
  worker.on('message', (reply: PgliteWorkerReply) => {
    if (reply.id === undefined) return;
    const entry = pending.get(reply.id);
    pending.delete(reply.id);
    entry?.resolve(reply);
  });
  worker.on('error', end);
  worker.on('exit', (code) => end(new Error(`PGlite worker exited with code ${code}`)));
  let closing = false;
  let failure: Error | undefined;
  const failed = new Promise<Error>((resolve) => {
    const fail = (error: Error) => {
      if (closing || failure) return;
      failure = error;
      removeSocketDir();
      resolve(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`PGlite worker exited with code ${code}`)));
  });
  const requireAlive = () => {
    if (failure) throw new Error(`PGlite is gone: ${failure.message}`);
  };
  return {
    socketDir,
    socketPort: SOCKET_PORT,
    failed,
    worker,
    dump: () =>
      inTurn(async () => {
        requireAlive();
        return new Blob([requireReply(await ask({ type: 'dump' }), 'dump').data]);
      }),
    restore: (dump) =>
      inTurn(async () => {
        requireAlive();
        const data = await dump.arrayBuffer();
        requireReply(await ask({ type: 'restore', data }, [data]), 'restored');
      }),
    close: async () => {
      if (closing) return;
      closing = true;
      // After what was asked before it; a dead thread answers nothing: only its folder is left.
      await inTurn(async () => {
        if (!gone) requireReply(await ask({ type: 'close' }), 'closed');
      });
      await worker.terminate();
      removeSocketDir();
    },
  };
}
