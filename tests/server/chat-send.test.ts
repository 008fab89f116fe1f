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
