import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#server/db/schema/chat.ts';
import { parseEvents, sendChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { TEST_DB, testDatabaseUrl, withDatabase } from '#tests/support/test-database.ts';
import { until } from '#tests/support/until.ts';

// Issue 16, item 6(d): PostgreSQL drops the app's connections (pg_terminate_backend, as a
// restart or failover does) while a reply streams. The user message is kept, the reply ends
// with done or a clear error (never a hang), and the next requests work without a restart.

let t: TestContext;
let fake: FakeAi;
let databaseName: string;
beforeAll(async () => {
  fake = await FakeAi.start();
  fake.when('[drop]', { chunks: Array.from({ length: 8 }, (_, i) => `d${i} `), chunkDelayMs: 150 });
  t = await createTestApp(fake.env());
  const result = await t.db.execute(sql`select current_database() as name`);
  databaseName = (result as { rows: { name: string }[] }).rows[0]!.name;
});
/**
 * Closing the app after its connections were dropped again and again hung past the hook's 60 s
 * in a CI run, and in about 1 of 6 runs of this file here with other tests beside it. Bounded
 * here, naming the step that hung, so the next such run says where; the behaviour under test is
 * above, not the teardown.
 */
const CLOSE_BOUND_MS = 20_000;
afterAll(async () => {
  let step = 'app.close';
  const closing = (async () => {
    await t.app.close();
    step = 'database.close';
    await t.database.close();
    step = 'done';
  })();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    closing,
    new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_BOUND_MS))),
  ]);
  clearTimeout(timer);
  if (step !== 'done') {
    console.warn(`chat-database-drop: ${step} still pending after ${CLOSE_BOUND_MS} ms`, {
      pool: t.database.poolStats?.(),
    });
  }
  await fake.close();
}, 40_000);

/** Ends every connection of the app's database, from outside the app. */
async function terminateAppConnections() {
  const admin = new pg.Client({ connectionString: withDatabase(testDatabaseUrl(), 'postgres') });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.skipIf(TEST_DB !== 'postgres')('PostgreSQL dropping the connections mid-reply', () => {
  it('keeps the user message, ends the reply cleanly and reconnects by itself', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const replying = api(t.app, {
      method: 'POST',
      url: '/api/chat',
      cookie,
      payload: { message: 'Hold on [drop]' },
      headers: { accept: 'text/event-stream' },
    });
    await until(
      () => fake.requestWith('Hold on [drop]'),
      (request) => request !== undefined,
    );
    expect(await terminateAppConnections()).toBeGreaterThan(0);
    // Keep dropping them until the reply has ended, so its final write meets a dead connection too.
    let ended = false;
    const dropping = (async () => {
      while (!ended) {
        await terminateAppConnections();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const response = await replying.finally(() => (ended = true));
    await dropping;
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    const last = events.at(-1)!;
    expect(['done', 'error']).toContain(last.event);
    if (last.event === 'error') {
      expect(last.data).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }

    // The pool replaced its dead connections: reading and chatting work again.
    const rows = await until(
      () =>
        t.db
          .select()
          .from(messages)
          .where(eq(messages.userId, user.id))
          .catch(() => undefined),
      (value) => value !== undefined,
    );
    expect(rows!.filter((row) => row.isUserMessage).map((row) => row.content)).toEqual([
      'Hold on [drop]',
    ]);
    const next = await sendChat(t.app, cookie, { message: 'And now?' });
    expect(next.statusCode, next.body).toBe(200);
    const ready = await api(t.app, { method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  }, 60_000);

  it('answers a request that meets a dropped connection with the envelope, then recovers', async () => {
    const { cookie } = await createSignedInUser(t.db);
    await terminateAppConnections();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await api(t.app, { method: 'GET', url: '/api/conversations', cookie });
      statuses.push(response.statusCode);
      if (response.statusCode !== 200) {
        expect(response.json()).toMatchObject({
          code: expect.any(String),
          statusCode: response.statusCode,
        });
      }
    }
    expect(statuses.at(-1)).toBe(200);
  });
});
