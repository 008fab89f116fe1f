import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DUE_TABLES } from '#server/db/pglite-maintenance.ts';

/** How often the autovacuum stand-in looks for tables that are due (autovacuumStandIn). */
const STAND_IN_EVERY_MS = 5_000;

/**
 * Runs `work` on a scratch database of the PostgreSQL server at BENCH_DATABASE_URL (default: the
 * local one), dropped afterwards. A server that cannot be reached skips the PostgreSQL run with a
 * warning: the PGlite figures still count.
 */
export async function withScratchPostgres(work: (databaseUrl: string) => Promise<void>) {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `orbit_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(baseUrl);
    url.pathname = `/${dbName}`;
    const stopStandIn = await autovacuumStandIn(url.toString());
    try {
      await work(url.toString());
    } finally {
      await stopStandIn();
      await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
    }
  } catch (error) {
    console.warn(`PostgreSQL run skipped: ${(error as Error).message}`);
  } finally {
    await admin.end().catch(() => {});
  }
}

/**
 * A production PostgreSQL server runs autovacuum; a test machine's may not (this one's has it
 * off). Without it the scratch database's tables are never analyzed, the planner estimates a
 * never-analyzed table from its size alone, and the chat's history window was read by sorting
 * every message of the conversation instead of the newest few through its index: a send got
 * slower with each message the benchmark added (docs/PERFORMANCE.md, session 17). So where it is
 * off, the benchmark vacuums and analyzes the tables that are due by autovacuum's own thresholds
 * (the rule PGlite's maintenance uses, src/server/db/pglite-maintenance.ts), every few seconds.
 */
async function autovacuumStandIn(databaseUrl: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
  if (rows[0]?.autovacuum === 'on') {
    await client.end();
    return async () => {};
  }
  console.log(
    `(PostgreSQL's autovacuum is off: the benchmark vacuums and analyzes its tables on autovacuum's thresholds every ${STAND_IN_EVERY_MS / 1000} s)`,
  );
  let round: Promise<void> = Promise.resolve();
  const maintain = async () => {
    await client.query('select pg_stat_force_next_flush()');
    const due = await client.query<{ name: string; vacuum: boolean }>(DUE_TABLES);
    for (const { name, vacuum } of due.rows) {
      const table = `"${name.replaceAll('"', '""')}"`;
      await client.query(vacuum ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`);
    }
  };
  const timer = setInterval(() => {
    // Best effort, one round at a time: a round that fails (the database being dropped) is skipped.
    round = round.then(maintain).catch(() => {});
  }, STAND_IN_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
    await client.end().catch(() => {});
  };
}
