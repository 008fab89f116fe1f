import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { TEST_DB } from '#tests/support/test-database.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
/** The node-postgres pool under a database handle's drizzle instance. */
const poolOf = (db: TestContext['db']) => (db as unknown as { $client: Pool }).$client;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('database connection', () => {
  it('keeps serving signed-in requests after the connection is replaced', async () => {
    const { cookie } = await createSignedInUser(t.db);
    // The session lookup is a prepared statement (src/server/db/prepared.ts).
    expect((await api(t.app, { url: '/api/user', cookie })).statusCode).toBe(200);

    // Drop the pool's connection, as an idle timeout or a network error does.
    const pool = poolOf(t.db);
    const client = await pool.connect();
    client.release(true);

    for (let i = 0; i < 3; i++) {
      const response = await api(t.app, { url: '/api/user', cookie });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});

describe.runIf(TEST_DB === 'postgres')('the connection pool', () => {
  it('opens at most DATABASE_POOL_SIZE connections; more queries wait for one', async () => {
    const database = await openDatabase({ databaseUrl: t.database.url!, poolSize: 2 });
    try {
      const pool = poolOf(database.db);
      const queries = Promise.all(
        Array.from({ length: 5 }, () =>
          pool.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.2)'),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(database.poolStats!()).toMatchObject({ total: 2, waiting: 3 });
      const pids = (await queries).map(({ rows }) => rows[0]!.pid);
      expect(pids).toHaveLength(5);
      expect(new Set(pids).size).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe('prepared statements', () => {
  it('are planned once per session, not on every request (plan_cache_mode)', async () => {
    // With PostgreSQL's default a hot statement can be planned again on every execution: ≈ 1 ms
    // of each chat send (src/server/db/plan-cache.ts). Both databases start their sessions so.
    const pool = poolOf(t.db);
    const { rows } = await pool.query<{ mode: string }>(
      "select current_setting('plan_cache_mode') as mode",
    );
    expect(rows[0]!.mode).toBe('force_generic_plan');
  });
});

describe('search indexes', () => {
  it('take new messages at once: no GIN pending list that every search reads row by row', async () => {
    const pool = poolOf(t.db);
    const { rows } = await pool.query<{ name: string; options: string[] | null }>(
      `select relname as name, reloptions as options from pg_class
       where relname in ('messages_content_fts_idx', 'messages_content_trgm_idx',
                         'conversations_title_trgm_idx')
       order by relname`,
    );
    expect(rows).toEqual([
      { name: 'conversations_title_trgm_idx', options: ['fastupdate=off'] },
      { name: 'messages_content_fts_idx', options: ['fastupdate=off'] },
      { name: 'messages_content_trgm_idx', options: ['fastupdate=off'] },
    ]);
  });
});
