import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
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
    const pool = (t.db as unknown as { $client: Pool }).$client;
    const client = await pool.connect();
    client.release(true);

    for (let i = 0; i < 3; i++) {
      const response = await api(t.app, { url: '/api/user', cookie });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});
