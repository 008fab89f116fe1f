import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenUsage } from '#server/db/schema/ai.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';
import {
  dataOf,
  deltaText,
  openEventStream,
  sendChat,
  single,
} from '#tests/support/chat-helpers.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import {
  SLOW_REPLY,
  SLOW_REPLY_SCRIPT,
  SLOW_REPLY_WORDS,
  type Script,
} from '#tests/support/fake-ai/script.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/** Deleting a conversation whose reply is still being written (issue #3 §3). */
let t: TestContext;
let fake: FakeAi;
let baseUrl: string;

beforeAll(async () => ({ t, fake, baseUrl } = await startAppWithFakeAi({}, { listen: true })));
afterAll(() => stopAppWithFakeAi({ t, fake }));

const deleteConversation = (cookie: string, conversationId: string) =>
  api(t.app, { method: 'DELETE', url: `/api/conversations/${conversationId}`, cookie });

async function startSlowReply(marker: string, script: Script = SLOW_REPLY_SCRIPT) {
  fake.when(marker, script);
  const { user, cookie } = await createSignedInUser(t.db);
  const stream = await openEventStream(baseUrl, '/api/chat', {
    cookie,
    method: 'POST',
    body: { message: `Count ${marker}` },
  });
  expect(stream.status).toBe(200);
  await stream.waitFor((events) => events.some((event) => event.event === 'start'));
  const { conversationId } = single(stream.events, 'start');
  return { user, cookie, stream, conversationId };
}

async function rowsOf(conversationId: string) {
  const [conversation] = await t.db
    .select()
    .from(conversations)
    .where(eq(conversations.conversationId, conversationId));
  const stored = await t.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return { conversation, messages: stored };
}

describe('deleting a conversation while its reply is being written', () => {
  it('aborts the upstream request at once, stores nothing and ends the stream', async () => {
    const { user, cookie, stream, conversationId } = await startSlowReply('[delete-1]');
    await stream.waitFor((events) => dataOf(events, 'delta').length >= 3);

    const deleted = await deleteConversation(cookie, conversationId);
    expect(deleted.statusCode).toBe(204);
    const upstream = fake.requestWith('[delete-1]')!;
    await upstream.finished;
    expect(upstream.closedByClient).toBe(true);

    await stream.ended;
    expect(deltaText(stream.events).length).toBeLessThan(SLOW_REPLY.length);
    expect(dataOf(stream.events, 'done')).toEqual([]);
    expect(single(stream.events, 'error')).toMatchObject({
      code: 'NOT_FOUND',
      statusCode: 404,
      message: 'The conversation was deleted',
    });

    expect(await rowsOf(conversationId)).toEqual({ conversation: undefined, messages: [] });
    // The tokens were spent: their usage stays on record (token_usage keeps the id as text).
    const usage = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    expect(usage).toMatchObject([{ conversationId, status: 'stopped' }]);

    for (const url of [`/api/messages/${conversationId}`, `/api/chat/stream/${conversationId}`]) {
      expect((await api(t.app, { method: 'GET', url, cookie })).statusCode).toBe(404);
    }
    const list = await api(t.app, { method: 'GET', url: '/api/conversations', cookie });
    expect(list.json()).toEqual([]);
  });

  it('keeps serving: the same user chats on at once', async () => {
    const { cookie, stream, conversationId } = await startSlowReply('[delete-2]');
    await stream.waitFor((events) => dataOf(events, 'delta').length >= 1);
    expect((await deleteConversation(cookie, conversationId)).statusCode).toBe(204);
    await stream.ended;

    const next = await sendChat(t.app, cookie, { message: 'Again [delete-3]' });
    expect(next.statusCode).toBe(200);
    expect(next.json().message.content).toBe('Hello from the fake model.');
    expect(next.json().conversationId).not.toBe(conversationId);
    const list = await api(t.app, { method: 'GET', url: '/api/conversations', cookie });
    expect(list.json().map((c: { conversationId: string }) => c.conversationId)).toEqual([
      next.json().conversationId,
    ]);
  });

  it('cancels a reply that has not sent its first token yet', async () => {
    const { user, cookie, stream, conversationId } = await startSlowReply('[delete-4]', {
      chunks: SLOW_REPLY_WORDS,
      firstChunkDelayMs: 5_000,
    });
    await expect.poll(() => fake.requestWith('[delete-4]')).toBeDefined();

    expect((await deleteConversation(cookie, conversationId)).statusCode).toBe(204);
    const upstream = fake.requestWith('[delete-4]')!;
    await upstream.finished;
    expect(upstream.closedByClient).toBe(true);
    await stream.ended;
    expect(single(stream.events, 'error').code).toBe('NOT_FOUND');
    expect(await rowsOf(conversationId)).toEqual({ conversation: undefined, messages: [] });
    const usage = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    expect(usage).toMatchObject([{ status: 'stopped', outputTokens: 0 }]);
  });

  it('answers a waiting JSON request with 404 instead of a reply', async () => {
    fake.when('[delete-5]', SLOW_REPLY_SCRIPT);
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, { messages: ['Q', 'A'] });
    const { conversationId } = conversation;
    const waiting = sendChat(t.app, cookie, { message: 'More [delete-5]', conversationId });
    await expect.poll(() => fake.requestWith('[delete-5]')).toBeDefined();

    expect((await deleteConversation(cookie, conversationId)).statusCode).toBe(204);
    const answer = await waiting;
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    expect(fake.requestWith('[delete-5]')!.closedByClient).toBe(true);
    expect(await rowsOf(conversationId)).toEqual({ conversation: undefined, messages: [] });
  });

  it('refuses a message sent while the conversation is being deleted with 404', async () => {
    const { cookie, stream, conversationId } = await startSlowReply('[delete-7]');
    await stream.waitFor((events) => dataOf(events, 'delta').length >= 1);
    const deleting = deleteConversation(cookie, conversationId);
    const late = sendChat(t.app, cookie, { message: 'Late [delete-8]', conversationId });

    expect((await deleting).statusCode).toBe(204);
    const answer = await late;
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('NOT_FOUND');
    expect(fake.requestWith('[delete-8]')).toBeUndefined();
    await stream.ended;
    expect(await rowsOf(conversationId)).toEqual({ conversation: undefined, messages: [] });
  });

  it("leaves another user's running reply alone: their conversation is a 404", async () => {
    const { cookie, stream, conversationId } = await startSlowReply('[delete-6]', {
      chunks: SLOW_REPLY_WORDS.slice(0, 4),
      chunkDelayMs: 60,
    });
    const stranger = await createSignedInUser(t.db);
    expect((await deleteConversation(stranger.cookie, conversationId)).statusCode).toBe(404);

    await stream.ended;
    expect(single(stream.events, 'done').message).toMatchObject({
      content: SLOW_REPLY_WORDS.slice(0, 4).join(''),
      status: 'complete',
    });
    expect(fake.requestWith('[delete-6]')!.closedByClient).toBe(false);
    const stored = await api(t.app, {
      method: 'GET',
      url: `/api/messages/${conversationId}`,
      cookie,
    });
    expect(stored.json()).toHaveLength(2);
  });
});
