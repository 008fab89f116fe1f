import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '#tests/support/factories.ts';
import { deltaText, sendChat, single, streamChat } from '#tests/support/chat-helpers.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
let fake: FakeAi;
beforeAll(async () => ({ t, fake } = await startAppWithFakeAi()));
afterAll(() => stopAppWithFakeAi({ t, fake }));

describe('POST /api/chat', () => {
  it('answers JSON with the stored reply and a new conversation id', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const response = await sendChat(t.app, cookie, {
      message: 'Hallo [json-basic]',
      conversationId: '',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: { content: 'Hello from the fake model.', status: 'complete', model: 'gpt-4o' },
    });
    expect(body.conversationId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const messages = await api(t.app, {
      method: 'GET',
      url: `/api/messages/${body.conversationId}`,
      cookie,
    });
    expect(messages.json().map((m: { content: string }) => m.content)).toEqual([
      'Hallo [json-basic]',
      'Hello from the fake model.',
    ]);
  });

  it('streams start, delta and done events', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const { response, events } = await streamChat(t.app, cookie, { message: 'Hi [sse-basic]' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(events[0]!.event).toBe('start');
    expect(events.at(-1)!.event).toBe('done');
    expect(deltaText(events)).toBe('Hello from the fake model.');
    const start = single(events, 'start');
    const done = single(events, 'done');
    expect(done.message.id).toBe(start.assistantMessageId);
    expect(done.userMessageId).toBe(start.userMessageId);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });
});

describe('input the database cannot hold', () => {
  // PostgreSQL ids are 32-bit and its text cannot hold U+0000: both must be a 400, not a 500.
  it('refuses ids beyond the id range and NUL characters with 400, storing nothing', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const tooLarge = 2 ** 31;
    const calls = [
      { url: '/api/chat', payload: { message: 'Hallo', fileIds: [tooLarge] } },
      { url: '/api/chat', payload: { message: 'Hallo', personaId: tooLarge } },
      { url: '/api/chat', payload: { message: 'Hal\u0000lo' } },
      { url: '/api/chat', payload: { message: 'Hallo', conversationId: 'a\u0000b' } },
      { url: '/api/chat/edit', payload: { messageId: tooLarge, message: 'Neu' } },
      { url: '/api/chat/regenerate', payload: { messageId: tooLarge } },
      { url: '/api/chat/regenerate', payload: { conversationId: 'a\u0000b' } },
      { url: '/api/chat/stop', payload: { conversationId: 'a\u0000b' } },
    ];
    for (const call of calls) {
      const response = await api(t.app, { method: 'POST', cookie, ...call });
      expect(response.statusCode, JSON.stringify(call)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
    }
    const stream = await api(t.app, { method: 'GET', url: '/api/chat/stream/a%00b', cookie });
    expect(stream.statusCode).toBe(400);
    const list = await api(t.app, { method: 'GET', url: '/api/conversations', cookie });
    expect(list.json()).toEqual([]);
  });
});
