import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenUsage } from '#server/db/schema/ai.ts';
import { messages } from '#server/db/schema/chat.ts';
import {
  deltaText,
  openEventStream,
  parseEvents,
  single,
  streamChat,
} from '#tests/support/chat-helpers.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { SLOW_REPLY, SLOW_REPLY_SCRIPT } from '#tests/support/fake-ai/script.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/** Stop aborts the upstream call; a dropped connection does not (issue #3 §2). */
let t: TestContext;
let fake: FakeAi;
let baseUrl: string;

beforeAll(async () => ({ t, fake, baseUrl } = await startAppWithFakeAi({}, { listen: true })));
afterAll(() => stopAppWithFakeAi({ t, fake }));

const deltasAtLeast = (count: number) => (events: { event: string }[]) =>
  events.filter((event) => event.event === 'delta').length >= count;

async function startSlowReply(marker: string) {
  fake.when(marker, SLOW_REPLY_SCRIPT);
  const { user, cookie } = await createSignedInUser(t.db);
  const stream = await openEventStream(baseUrl, '/api/chat', {
    cookie,
    method: 'POST',
    body: { message: `Count ${marker}` },
  });
  expect(stream.status).toBe(200);
  await stream.waitFor(deltasAtLeast(3));
  const { conversationId } = single(stream.events, 'start');
  return { user, cookie, stream, conversationId };
}

describe('Stop', () => {
  it('aborts the upstream request at once and keeps the partial reply as stopped', async () => {
    const { user, cookie, stream, conversationId } = await startSlowReply('[stop-1]');
    const stop = await api(t.app, {
      method: 'POST',
      url: '/api/chat/stop',
      cookie,
      payload: { conversationId },
    });
    expect(stop.statusCode).toBe(200);
    const upstream = fake.requestWith('[stop-1]')!;
    await upstream.finished;
    expect(upstream.closedByClient).toBe(true);

    await stream.ended;
    const done = single(stream.events, 'done');
    expect(done.message.status).toBe('stopped');
    const shown = deltaText(stream.events);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(SLOW_REPLY.length);
    expect(done.message.content).toBe(shown);
    expect(stop.json()).toEqual({ stopped: true, message: done.message });

    const [reply] = await t.db.select().from(messages).where(eq(messages.id, done.message.id));
    expect(reply).toMatchObject({
      content: shown,
      status: 'stopped',
      isUserMessage: false,
      model: 'gpt-4o',
    });
    const [usage] = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    expect(usage).toMatchObject({ status: 'stopped', conversationId });

    const again = await api(t.app, {
      method: 'POST',
      url: '/api/chat/stop',
      cookie,
      payload: { conversationId },
    });
    expect(again.json()).toEqual({ stopped: false, message: null });
  });
});

describe('a dropped connection', () => {
  it('does not stop the reply, and a reloaded page attaches with Last-Event-ID', async () => {
    const { cookie, stream, conversationId } = await startSlowReply('[drop-1]');
    stream.abort();
    const seen = stream.events.slice();
    const lastEventId = seen.at(-1)!.id!;

    const attached = await openEventStream(baseUrl, `/api/chat/stream/${conversationId}`, {
      cookie,
      lastEventId,
    });
    expect(attached.status).toBe(200);
    await attached.ended;
    // Nothing is sent twice, nothing is missing.
    expect(attached.events.map((event) => event.id)).not.toContain(lastEventId);
    expect(deltaText(seen) + deltaText(attached.events)).toBe(SLOW_REPLY);
    expect(single(attached.events, 'done').message).toMatchObject({
      content: SLOW_REPLY,
      status: 'complete',
    });

    const upstream = fake.requestWith('[drop-1]')!;
    expect(upstream.closedByClient).toBe(false);
    const stored = await api(t.app, {
      method: 'GET',
      url: `/api/messages/${conversationId}`,
      cookie,
    });
    expect(stored.json().map((m: { content: string }) => m.content)).toEqual([
      'Count [drop-1]',
      SLOW_REPLY,
    ]);
  });

  it('replays the whole reply to a page that attaches without Last-Event-ID', async () => {
    const { cookie, stream, conversationId } = await startSlowReply('[drop-2]');
    stream.abort();
    const attached = await openEventStream(baseUrl, `/api/chat/stream/${conversationId}`, {
      cookie,
    });
    await attached.ended;
    expect(attached.events[0]!.event).toBe('start');
    expect(deltaText(attached.events)).toBe(SLOW_REPLY);
    expect(attached.events.at(-1)!.event).toBe('done');
  });

  it('answers 204 when no reply is in progress', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { conversation } = await createConversation(t.db, user.id, { messages: ['Q', 'A'] });
    const url = `/api/chat/stream/${conversation.conversationId}`;
    expect((await api(t.app, { method: 'GET', url, cookie })).statusCode).toBe(204);
  });

  it('answers 204 to a page that has already seen the end of the reply', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const { events } = await streamChat(t.app, cookie, { message: 'Short [seen-end]' });
    const { conversationId } = single(events, 'start');
    const url = `/api/chat/stream/${conversationId}`;
    // An EventSource reconnects after every 200 that ends; 204 tells it there is nothing more.
    const seenEnd = await api(t.app, {
      method: 'GET',
      url,
      cookie,
      headers: { accept: 'text/event-stream', 'last-event-id': events.at(-1)!.id! },
    });
    expect(seenEnd.statusCode).toBe(204);
    const beforeEnd = await api(t.app, {
      method: 'GET',
      url,
      cookie,
      headers: { accept: 'text/event-stream', 'last-event-id': events.at(-2)!.id! },
    });
    expect(beforeEnd.statusCode).toBe(200);
    expect(parseEvents(beforeEnd.body).map((event) => event.event)).toEqual(['done']);
  });
});

describe('a new message while a reply is still being written', () => {
  it('stops the earlier reply first, so the history stays in order', async () => {
    const { cookie, stream, conversationId } = await startSlowReply('[overlap-1]');
    const next = await api(t.app, {
      method: 'POST',
      url: '/api/chat',
      cookie,
      payload: { message: 'Next [overlap-2]', conversationId },
    });
    expect(next.statusCode).toBe(200);
    await stream.ended;
    expect(single(stream.events, 'done').message.status).toBe('stopped');
    const stored = await api(t.app, {
      method: 'GET',
      url: `/api/messages/${conversationId}`,
      cookie,
    });
    expect(
      stored
        .json()
        .map((m: { isUserMessage: boolean; status: string }) => [m.isUserMessage, m.status]),
    ).toEqual([
      [true, 'complete'],
      [false, 'stopped'],
      [true, 'complete'],
      [false, 'complete'],
    ]);
  });
});
