/**
 * Runs embedded PGlite on its own thread and serves it over a private Unix socket, so that
 * a long query never stalls the event loop of the HTTP server (bench/database-event-loop.ts
 * measured 100+ ms stalls for a scan on the main thread). The main thread talks to it with
 * node-postgres, exactly as it talks to a PostgreSQL server.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PLAN_ONCE } from './plan-cache.ts';
import { scheduleMaintenance } from './pglite-maintenance.ts';
import { servePgliteWire } from './pglite-wire-server.ts';

export interface PgliteWorkerData {
  dataDir?: string;
  template?: ArrayBuffer;
  socketPath: string;
}

export type PgliteWorkerCommand =
  { type: 'dump' } | { type: 'restore'; data: ArrayBuffer } | { type: 'close' };
/** A command and the number its answer carries back (decision 323). */
export type PgliteWorkerRequest = PgliteWorkerCommand & { id: number };
export type PgliteWorkerAnswer = { id: number } & (
  | { type: 'dump'; data: ArrayBuffer }
  | { type: 'restored' }
  | { type: 'closed' }
  | { type: 'error'; message: string }
);
/** What the thread posts: once at start (ready, or why not), then one answer per request. */
export type PgliteWorkerReply =
  | { type: 'ready'; id?: undefined }
  | { type: 'error'; message: string; id?: undefined }
  | PgliteWorkerAnswer;

const { dataDir, template, socketPath } = workerData as PgliteWorkerData;
const port = parentPort!;

/**
 * PostgreSQL's default 128 MB of shared buffers is written in full at start in PGlite (WebAssembly
 * memory, not shared memory): ≈ 125 MiB of the idle server. The data files are read through the
 * operating system's page cache anyway, so a small pool costs a system call per page it misses,
 * not a disk read (decisions 270 and 304, bench/memory-startup.ts). 8 MB holds a chat turn's
 * pages many times over; 16 MB cost 8 MiB more and searched no faster.
 */
const SHARED_BUFFERS = '8MB';

const open = (load?: ArrayBuffer) =>
  PGlite.create({
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', `shared_buffers=${SHARED_BUFFERS}`, '-c', PLAN_ONCE],
    ],
    // Extensions the migrations create (src/server/db/migrations).
    extensions: { pg_trgm },
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(load === undefined ? {} : { loadDataDir: new Blob([load]) }),
  });

/** Waits (at most `ms`) until no connection is inside a transaction: a cleaner snapshot. */
async function whenIdle(isIdle: () => boolean, ms = 5000) {
  for (const end = Date.now() + ms; !isIdle() && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

try {
  let db = await open(template);
  let server = await servePgliteWire(db, socketPath);
  let stopMaintenance = scheduleMaintenance(db, () => server.isIdle());
  // In memory there is no directory to set aside: a dump taken before a restore stands in.
  let previous: ArrayBuffer | undefined;

  /**
   * Replaces the whole database with a dumped data directory (a backup's restore, decision 151):
   * the socket closes (node-postgres reconnects), the old data directory is set aside until the
   * new one has started, and put back if it does not.
   */
  const restore = async (data: ArrayBuffer) => {
    await whenIdle(() => server.isIdle());
    stopMaintenance();
    await server.close();
    await db.close();
    const aside = dataDir === undefined ? undefined : `${dataDir}.before-restore`;
    if (aside !== undefined) {
      await rm(aside, { recursive: true, force: true });
      await rename(dataDir!, aside);
      await mkdir(dataDir!, { recursive: true });
    }
    try {
      db = await open(data);
    } catch (error) {
      if (aside !== undefined) {
        await rm(dataDir!, { recursive: true, force: true });
        await rename(aside, dataDir!);
      }
      db = await open(dataDir === undefined ? previous : undefined);
      throw error;
    } finally {
      if (existsSync(socketPath)) await rm(socketPath, { force: true });
      server = await servePgliteWire(db, socketPath);
      stopMaintenance = scheduleMaintenance(db, () => server.isIdle());
    }
    if (aside !== undefined) await rm(aside, { recursive: true, force: true });
  };
  const handle = async ({ id, ...request }: PgliteWorkerRequest) => {
    try {
      if (request.type === 'dump') {
        await whenIdle(() => server.isIdle());
        const blob = await db.dumpDataDir('none');
        const data = await blob.arrayBuffer();
        port.postMessage({ id, type: 'dump', data } satisfies PgliteWorkerAnswer, [data]);
      } else if (request.type === 'restore') {
        if (dataDir === undefined) previous = await (await db.dumpDataDir('none')).arrayBuffer();
        await restore(request.data);
        previous = undefined;
        port.postMessage({ id, type: 'restored' } satisfies PgliteWorkerAnswer);
      } else {
        stopMaintenance();
        await server.close();
        await db.close();
        port.postMessage({ id, type: 'closed' } satisfies PgliteWorkerAnswer);
        port.close();
      }
    } catch (error) {
      port.postMessage({
        id,
        type: 'error',
        message: (error as Error).message,
      } satisfies PgliteWorkerAnswer);
    }
  };
  // One request at a time, in arrival order: a restore swaps `db` and `server` under a dump that
  // is still reading them, and a close must not end either mid-way (decision 323).
  let queue = Promise.resolve();
  port.on('message', (request: PgliteWorkerRequest) => {
    queue = queue.then(() => handle(request));
  });
  port.postMessage({ type: 'ready' } satisfies PgliteWorkerReply);
} catch (error) {
  port.postMessage({
    type: 'error',
    message: (error as Error).message,
  } satisfies PgliteWorkerReply);
}
