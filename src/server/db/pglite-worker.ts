/**
 * Runs embedded PGlite on its own thread and serves it over a private Unix socket, so that
 * a long query never stalls the event loop of the HTTP server (bench/database-event-loop.ts
 * measured 100+ ms stalls for a scan on the main thread). The main thread talks to it with
 * node-postgres, exactly as it talks to a PostgreSQL server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { scheduleMaintenance } from './pglite-maintenance.ts';
import { servePgliteWire } from './pglite-wire-server.ts';

export interface PgliteWorkerData {
  dataDir?: string;
  template?: ArrayBuffer;
  socketPath: string;
}

export type PgliteWorkerRequest = { type: 'dump' } | { type: 'close' };
export type PgliteWorkerReply =
  | { type: 'ready' }
  | { type: 'dump'; data: ArrayBuffer }
  | { type: 'closed' }
  | { type: 'error'; message: string };

const { dataDir, template, socketPath } = workerData as PgliteWorkerData;
const port = parentPort!;

try {
  const db = await PGlite.create({
    // Extensions the migrations create (src/server/db/migrations).
    extensions: { pg_trgm },
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(template === undefined ? {} : { loadDataDir: new Blob([template]) }),
  });
  const server = await servePgliteWire(db, socketPath);
  const stopMaintenance = scheduleMaintenance(db, () => server.isIdle());

  const handle = async (request: PgliteWorkerRequest) => {
    try {
      if (request.type === 'dump') {
        const blob = await db.dumpDataDir('none');
        const data = await blob.arrayBuffer();
        port.postMessage({ type: 'dump', data } satisfies PgliteWorkerReply, [data]);
      } else {
        stopMaintenance();
        await server.close();
        await db.close();
        port.postMessage({ type: 'closed' } satisfies PgliteWorkerReply);
        port.close();
      }
    } catch (error) {
      port.postMessage({
        type: 'error',
        message: (error as Error).message,
      } satisfies PgliteWorkerReply);
    }
  };
  port.on('message', (request: PgliteWorkerRequest) => void handle(request));
  port.postMessage({ type: 'ready' } satisfies PgliteWorkerReply);
} catch (error) {
  port.postMessage({
    type: 'error',
    message: (error as Error).message,
  } satisfies PgliteWorkerReply);
}
