import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenUsage } from '#server/db/schema/ai.ts';
import { messages } from '#server/db/schema/chat.ts';
import { dataOf, deltaText, sendChat, single, streamChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser, quotaUsed } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Upstream failures: a clear error, the user message kept, no reply stored (issue #3 §2). */
let t: TestContext;
let fake: FakeAi;
beforeAll(async () => {
  fake = await FakeAi.start();
  fake.when('[f-429]', { status: 429 });
  fake.when('[f-500]', { status: 500 });
  fake.when('[f-529]', { status: 529 });
  fake.when('[f-mid]', { chunks: ['Half', ' a', ' reply'], failAfterChunks: 2 });
  fake.when('[f-malformed]', { chunks: ['One', ' two'], malformedAfterChunks: 1 });
  fake.when('[f-hang]', { hang: true });
  fake.when('[f-empty]', { chunks: [], usage: { input: 21, output: 9 } });
  fake.when('[f-stall]', { chunks: ['Starts', ' then', ' stalls'], chunkDelayMs: 4_000 });
  fake.when('[f-slow]', {
    chunks: ['Slow', ' but', ' steady', ' wins', '.'],
    firstChunkDelayMs: 1_000,
    chunkDelayMs: 900,
  });
  fake.when('[f-nul]', { chunks: ['Nul\u0000l', '\u0000', ' bytes', ' here.'] });
  t = await createTestApp(fake.env({ AI_TIMEOUT_MS: '1500' }));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function storedMessages(conversationId: string) {
  const rows = await t.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return rows.map((row) => [row.isUserMessage ? 'user' : 'assistant', row.content]);
}

async function usageOf(userId: number) {
  return t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, userId));
}

describe('an upstream error before the first token', () => {
  it.each([
    ['[f-429]', 503, 'openai'],
    ['[f-500]', 502, 'openai'],
    ['[f-529]', 503, 'anthropic'],
  ] as const)(
    '%s answers %d API_ERROR and keeps the user message',
    async (marker, status, provider) => {
      const { user, cookie } = await createSignedInUser(t.db, { isAdmin: true, monthlyQuota: 5 });
      const model = provider === 'anthropic' ? 'claude-3-opus' : 'gpt-4o';
      const response = await sendChat(t.app, cookie, { message: `Please ${marker}`, model });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code: 'API_ERROR', statusCode: status });
      expect(response.json().message).toContain('AI service');
      const [conversation] = (
        await api(t.app, { method: 'GET', url: '/api/conversations', cookie })
      ).json();
      expect(await storedMessages(conversation.conversationId)).toEqual([
        ['user', `Please ${marker}`],
      ]);
      const [usage] = await usageOf(user.id);
      expect(usage).toMatchObject({ model, status: 'error', outputTokens: 0 });
      expect(usage!.errorMessage).toContain('AI service');
      expect(usage!.inputTokens).toBeGreaterThan(0);
    },
  );
});

describe('a failure mid-stream', () => {
  it.each(['[f-mid]', '[f-malformed]'])(
    '%s ends the stream with an error event and stores no reply',
    async (marker) => {
      const { user, cookie } = await createSignedInUser(t.db);
      const { response, events } = await streamChat(t.app, cookie, { message: `Go ${marker}` });
      expect(response.statusCode).toBe(200);
      expect(events[0]!.event).toBe('start');
      expect(deltaText(events).length).toBeGreaterThan(0);
      expect(single(events, 'error')).toMatchObject({ code: 'API_ERROR', statusCode: 502 });
      expect(dataOf(events, 'done')).toEqual([]);
      const { conversationId } = single(events, 'start');
      expect(await storedMessages(conversationId)).toEqual([['user', `Go ${marker}`]]);
      expect((await usageOf(user.id))[0]).toMatchObject({ status: 'error' });
      // The failed message is given back to the allowance.
      expect(await quotaUsed(t.db, user.id)).toBe(0);
    },
  );
});

describe('a reply without any text', () => {
  it('is an API_ERROR with nothing stored, so the user can retry', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const response = await sendChat(t.app, cookie, { message: 'Say nothing [f-empty]' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'API_ERROR', statusCode: 502 });
    const { events } = await streamChat(t.app, cookie, { message: 'Again [f-empty]' });
    expect(single(events, 'error')).toMatchObject({ code: 'API_ERROR', statusCode: 502 });
    expect(dataOf(events, 'done')).toEqual([]);
    const { conversationId } = single(events, 'start');
    expect(await storedMessages(conversationId)).toEqual([['user', 'Again [f-empty]']]);
    // The provider's usage is kept; the message goes back to the allowance.
    const usage = await usageOf(user.id);
    expect(usage).toHaveLength(2);
    expect(usage[0]).toMatchObject({ status: 'error', inputTokens: 21, outputTokens: 9 });
    expect(await quotaUsed(t.db, user.id)).toBe(0);
  });
});

describe('a reply with NUL characters', () => {
  // PostgreSQL text cannot hold U+0000; the reply is stored without it, as it was streamed.
  it('streams and stores the text without them, and counts the message once', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { events } = await streamChat(t.app, cookie, { message: 'Zero [f-nul]' });
    expect(deltaText(events)).toBe('Null bytes here.');
    expect(dataOf(events, 'error')).toEqual([]);
    expect(single(events, 'done').message.content).toBe('Null bytes here.');
    const { conversationId } = single(events, 'start');
    const shown = await api(t.app, {
      method: 'GET',
      url: `/api/messages/${conversationId}`,
      cookie,
    });
    expect(shown.json().map((m: { content: string }) => m.content)).toEqual([
      'Zero [f-nul]',
      'Null bytes here.',
    ]);
    expect(await usageOf(user.id)).toMatchObject([{ status: 'success' }]);
    expect(await quotaUsed(t.db, user.id)).toBe(1);
  });
});

describe('a reply the database cannot store', () => {
  // Over a million bytes of distinct words: more than a tsvector (the search column) can hold.
  const words = Array.from({ length: 110_000 }, (_, i) =>
    String.fromCharCode(0x4e00 + Math.floor(i / 400), 0x4e00 + (i % 400)),
  );
  const chunks = Array.from(
    { length: 11 },
    (_, i) => words.slice(i * 10_000, (i + 1) * 10_000).join(' ') + ' ',
  );

  it('fails with an error, records the usage, gives the message back, and can be retried', async () => {
    fake.when('[f-unstorable]', { chunks, usage: { input: 30, output: 900 } });
    const { user, cookie } = await createSignedInUser(t.db);
    const { events } = await streamChat(t.app, cookie, { message: 'Lots [f-unstorable]' });
    expect(deltaText(events)).toBe(chunks.join(''));
    expect(single(events, 'error')).toMatchObject({ code: 'SERVER_ERROR', statusCode: 500 });
    expect(dataOf(events, 'done')).toEqual([]);
    const { conversationId } = single(events, 'start');
    expect(await storedMessages(conversationId)).toEqual([['user', 'Lots [f-unstorable]']]);
    // The tokens were spent: they are recorded; no reply was stored: the allowance is refunded.
    expect(await usageOf(user.id)).toMatchObject([
      { status: 'error', inputTokens: 30, outputTokens: 900 },
    ]);
    expect(await quotaUsed(t.db, user.id)).toBe(0);

    fake.when('Lots [f-unstorable]', { chunks: ['Shorter.'] });
    const retry = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie,
      payload: { conversationId },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await storedMessages(conversationId)).toEqual([
      ['user', 'Lots [f-unstorable]'],
      ['assistant', 'Shorter.'],
    ]);
    expect(await quotaUsed(t.db, user.id)).toBe(1);
  });
});

describe('timeouts', () => {
  it('answers 504 TIMEOUT_ERROR when the provider never answers', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const response = await sendChat(t.app, cookie, { message: 'Wait [f-hang]' });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ code: 'TIMEOUT_ERROR' });
    expect((await usageOf(user.id))[0]).toMatchObject({ status: 'timeout' });
    const [conversation] = (
      await api(t.app, { method: 'GET', url: '/api/conversations', cookie })
    ).json();
    expect(await storedMessages(conversation.conversationId)).toEqual([['user', 'Wait [f-hang]']]);
    const request = fake.requestWith('[f-hang]')!;
    await request.finished;
    expect(request.closedByClient).toBe(true);
  });

  it('times out a reply that stalls between chunks', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const { events } = await streamChat(t.app, cookie, { message: 'Go [f-stall]' });
    expect(deltaText(events)).toBe('Starts');
    expect(single(events, 'error')).toMatchObject({ code: 'TIMEOUT_ERROR', statusCode: 504 });
  });

  it('lets a slow but steady reply finish', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const response = await sendChat(t.app, cookie, { message: 'Go [f-slow]' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.content).toBe('Slow but steady wins.');
  });
});

describe('retry after a failure', () => {
  it('answers the stored user message again without storing it twice', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const failed = await sendChat(t.app, cookie, { message: 'Once [f-500]' });
    expect(failed.statusCode).toBe(502);
    const [conversation] = (
      await api(t.app, { method: 'GET', url: '/api/conversations', cookie })
    ).json();
    fake.when('Once [f-500]', { chunks: ['Recovered.'] });
    const retry = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie,
      payload: { conversationId: conversation.conversationId },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await storedMessages(conversation.conversationId)).toEqual([
      ['user', 'Once [f-500]'],
      ['assistant', 'Recovered.'],
    ]);
    const again = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie,
      payload: { conversationId: conversation.conversationId },
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('an unreachable provider', () => {
  let down: TestContext;
  beforeAll(async () => {
    down = await createTestApp({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
  });
  afterAll(() => down.close());

  it('answers 503 API_ERROR', async () => {
    const { cookie } = await createSignedInUser(down.db);
    const response = await sendChat(down.app, cookie, { message: 'Anyone there?' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'API_ERROR' });
  });
});
