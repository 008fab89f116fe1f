import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '#server/project-root.ts';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATION_LOCK_KEY, tryAdvisoryLock, withAdvisoryLock } from './advisory-lock.ts';
import { PLAN_ONCE } from './plan-cache.ts';
import { initialisePgliteDataDir } from './pglite-initdb.ts';
import { startPgliteThread } from './pglite-thread.ts';

/** The one database interface both drivers provide. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs `work` while no other instance on this database does (migrations: bootstrap.ts). */
  withMigrationLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` unless another instance on this database holds lock `key` (a restore:
   * features/backups); then `work` does not run (`ran: false`).
   */
  tryExclusive<T>(
    key: bigint,
    work: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Pool connections and queries waiting for one (the admin performance screen). PGlite has one
   * connection to its thread, so `waiting` is its queue.
   */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PostgreSQL only: the server's URL (pg_dump and pg_restore connect to it; backups). */
  url?: string;
  /** PGlite only: the data directory as a tarball (test templates, backups). */
  dump?(): Promise<Blob>;
  /** PGlite only: replaces the whole database with such a tarball (restoring a backup). */
  restore?(dump: Blob): Promise<void>;
  /** PGlite only: resolves if its thread dies; the database is gone (pglite-thread.ts). */
  failed?: Promise<Error>;
}

/** The SQL files stay in the source tree; the compiled server reads them there too. */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'src/server/db/migrations');

/**
 * Connections to PostgreSQL per instance (DATABASE_POOL_SIZE). A query holds its connection until
 * the event loop has taken its result, which under a thousand open streams is tens of
 * milliseconds: the pool, not the database, then limits how fast chats start (decision 292).
 */
export const DEFAULT_POOL_SIZE = 30;

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  /** dataDir null keeps the database in memory; template preloads a dumped data directory. */
  | { dataDir: string | null; template?: Blob };

/**
 * PostgreSQL when a URL is given, else embedded PGlite persisted in `dataDir/pglite`
 * (or in memory when dataDir is null, for tests).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    return {
      ...openPostgres({
        connectionString: options.databaseUrl,
        max: options.poolSize ?? DEFAULT_POOL_SIZE,
        options: `-c ${PLAN_ONCE}`,
      }),
      url: options.databaseUrl,
    };
  }
  return openPglite(options.dataDir, options.template);
}

function openPostgres(
  config: pg.PoolConfig,
  kind: DatabaseHandle['kind'] = 'postgres',
): DatabaseHandle {
  const pool = new pg.Pool(config);
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor a checked-out client's between two queries (a transaction awaiting other work while the
  // server restarts): pg emits it with no listener of the pool's then.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool) as unknown as Database;
  return {
    db,
    kind,
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
    withMigrationLock: (work) => withAdvisoryLock(config, MIGRATION_LOCK_KEY, work),
    tryExclusive: (key, work) => tryAdvisoryLock(config, key, work),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Embedded PGlite runs on a worker thread (see pglite-worker.ts) and is reached through
 * node-postgres over a private socket: one connection, because PGlite is a single session
 * and a transaction must own it until it ends.
 */
async function openPglite(dataDir: string | null, template?: Blob): Promise<DatabaseHandle> {
  let dir: string | undefined;
  if (dataDir !== null) {
    dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    await initialisePgliteDataDir(dir);
  }
  const thread = await startPgliteThread({
    ...(dir === undefined ? {} : { dataDir: dir }),
    ...(template === undefined ? {} : { template }),
  });
  const handle = openPostgres(
    {
      host: thread.socketDir,
      port: thread.socketPort,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      // Keep the one connection: PGlite's session outlives it (see runPrepared in prepared.ts).
      idleTimeoutMillis: 0,
    },
    'pglite',
  );

  return {
    ...handle,
    // The data directory belongs to this one process: there is nobody to wait for.
    withMigrationLock: (work) => work(),
    tryExclusive: async (_key, work) => ({ ran: true, value: await work() }),
    close: async () => {
      await handle.close();
      await thread.close();
    },
    dump: () => thread.dump(),
    restore: (dump) => thread.restore(dump),
    failed: thread.failed,
  };
}
