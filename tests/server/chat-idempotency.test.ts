import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '#server/db/schema/chat.ts';
import { chatIdempotencyKeys } from '#server/db/schema/idempotency.ts';
import { users } from '#server/db/schema/users.ts';
import { readKeyedRequest } from '#server/features/chat/idempotency.service.ts';
import { deltaText, openEventStream, single } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { SLOW_REPLY, SLOW_REPLY_SCRIPT } from '#tests/support/fake-ai/script.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/**
 * POST /api/chat with an Idempotency-Key (issue 15 item 9): a client that re-sends a message
 * after a network error gets the first request's result; the message is stored once.
 */
let t: TestContext;
let fake: FakeAi;
let baseUrl: string;

beforeAll(async () => ({ t, fake, baseUrl } = await startAppWithFakeAi({}, { listen: true })));
afterAll(() => stopAppWithFakeAi({ t, fake }));

const send = (cookie: string, key: string, payload: object) =>
  api(t.app, {
    method: 'POST',
    url: '/api/chat',
    cookie,
    payload,
    headers: { 'idempotency-key': key },
  });

async function userMessages(userId: number) {
  return t.db
    .select({ id: messages.id, content: messages.content })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.isUserMessage, true)));
}

describe('a retried message with the same Idempotency-Key', () => {
  it('gets the first answer again: stored once, asked once, counted once', async () => {
    const { user, cookie } = await createSignedInUser(t.db, { subscriptionTier: 'free' });
    const key = randomUUID();
    const body = { message: 'Hello once [idem-1]' };
    const first = await send(cookie, key, body);
    expect(first.statusCode).toBe(200);
    const retry = await send(cookie, key, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());

    expect(await userMessages(user.id)).toHaveLength(1);
    const asked = fake
      .chatRequests()
      .filter((request) => JSON.stringify(request.body).includes('[idem-1]'));
    expect(asked).toHaveLength(1);
    const [counted] = await t.db
      .select({ used: users.quotaUsed })
      .from(users)
      .where(eq(users.id, user.id));
    expect(counted!.used).toBe(1);
  });

  it('attaches to the first reply while it is still being written', async () => {
    fake.when('[idem-2]', SLOW_REPLY_SCRIPT);
    const { user, cookie } = await createSignedInUser(t.db);
    const key = randomUUID();
    const body = { message: 'Count [idem-2]' };
    const open = () => openEventStream(baseUrl, '/api/chat', { cookie, method: 'POST', body, key });
    const first = await open();
    await first.waitFor((events) => events.some((event) => event.event === 'delta'));
    first.abort();

    const retry = await open();
    expect(retry.status).toBe(200);
    await retry.ended;
    expect(single(retry.events, 'start')).toEqual(single(first.events, 'start'));
    expect(deltaText(retry.events)).toBe(SLOW_REPLY);
    expect(single(retry.events, 'done').message).toMatchObject({ content: SLOW_REPLY });
    expect(await userMessages(user.id)).toHaveLength(1);
    expect(
      fake.chatRequests().filter((r) => JSON.stringify(r.body).includes('[idem-2]')),
    ).toHaveLength(1);
  });

  it('refuses the same key with another message (422), storing nothing more', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const key = randomUUID();
    expect((await send(cookie, key, { message: 'First [idem-3]' })).statusCode).toBe(200);
    const other = await send(cookie, key, { message: 'Something else [idem-3]' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 422 });
    expect(await userMessages(user.id)).toHaveLength(1);
  });

  it("keeps keys per user: another user's request with the same key is their own", async () => {
    const key = randomUUID();
    const alice = await createSignedInUser(t.db);
    const bob = await createSignedInUser(t.db);
    const body = { message: 'Same words [idem-4]' };
    const fromAlice = await send(alice.cookie, key, body);
    const fromBob = await send(bob.cookie, key, body);
    expect(fromBob.statusCode).toBe(200);
    expect(fromBob.json().conversationId).not.toBe(fromAlice.json().conversationId);
    expect(await userMessages(bob.user.id)).toHaveLength(1);
  });

  it('refuses a malformed key with 400, storing nothing', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const response = await send(cookie, 'has spaces in it', { message: 'Hi' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { 'idempotency-key': [expect.stringContaining('Idempotency-Key')] },
    });
    expect(await userMessages(user.id)).toEqual([]);
  });

  it('answers 503 when the first request died before its reply started, and again at once', async () => {
    // What a crash between storing the message and recording the reply's start leaves behind.
    const { user, cookie } = await createSignedInUser(t.db);
    const key = randomUUID();
    const body = { message: 'Lost in a crash [idem-5]' };
    const conversationId = `idem-5-${randomUUID()}`;
    await t.db.insert(conversations).values({ conversationId, userId: user.id, title: 'Lost' });
    await t.db
      .insert(messages)
      .values({ userId: user.id, conversationId, content: body.message, isUserMessage: true });
    await t.db.insert(chatIdempotencyKeys).values({
      userId: user.id,
      key,
      requestHash: readKeyedRequest(key, body)!.requestHash,
      conversationId,
      createdAt: sql`now() - interval '1 minute'`,
    });

    for (const attempt of [1, 2]) {
      const retry = await send(cookie, key, body);
      expect(retry.statusCode, `attempt ${attempt}`).toBe(503);
      expect(retry.json()).toMatchObject({ code: 'API_ERROR', statusCode: 503 });
    }
    expect(await userMessages(user.id)).toHaveLength(1);
    expect(
      fake.chatRequests().filter((r) => JSON.stringify(r.body).includes('[idem-5]')),
    ).toHaveLength(0);
  });
});
