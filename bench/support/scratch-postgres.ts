import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
    try {
      await work(url.toString());
    } finally {
      await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
    }
  } catch (error) {
    console.warn(`PostgreSQL run skipped: ${(error as Error).message}`);
  } finally {
    await admin.end().catch(() => {});
  }
}
