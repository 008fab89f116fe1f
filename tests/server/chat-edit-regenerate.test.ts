import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltaText, sendChat, single, streamChat } from '#tests/support/chat-helpers.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { textOf, type FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/** Edit and regenerate are server operations: stored history equals what the client shows. */
let t: TestContext;
let fake: FakeAi;
beforeAll(async () => ({ t, fake } = await startAppWithFakeAi()));
afterAll(() => stopAppWithFakeAi({ t, fake }));

async function history(cookie: string, conversationId: string) {
  const response = await api(t.app, {
    method: 'GET',
    url: `/api/messages/${conversationId}`,
    cookie,
  });
  return response
    .json()
    .map(
      (m: { isUserMessage: boolean; content: string }) =>
        `${m.isUserMessage ? 'U' : 'A'}:${m.content}`,
    );
}

/** A paid user's conversation Q1 A1 Q2 A2 Q3 A3 (premium window 8 covers it). */
async function seeded() {
  const { user, cookie } = await createSignedInUser(t.db, {
    subscriptionTier: 'premium',
    subscriptionExpiry: null,
  });
  const { conversation, messages } = await createConversation(t.db, user.id, {
    messages: ['Q1', 'A1', 'Q2', 'A2', 'Q3', 'A3'],
  });
  return {
    userId: user.id,
    cookie,
    conversationId: conversation.conversationId,
    ids: messages.map((m) => m.id),
  };
}

describe('POST /api/chat/edit', () => {
  it('replaces the edited message and everything after it, and answers the new text', async () => {
    const { cookie, conversationId, ids } = await seeded();
    fake.when('[edit-1]', { chunks: ['New', ' answer'] });
    const { response, events } = await streamChat(
      t.app,
      cookie,
      { messageId: ids[2], message: 'Q2 edited [edit-1]' },
      '/api/chat/edit',
    );
    expect(response.statusCode).toBe(200);
    expect(deltaText(events)).toBe('New answer');
    expect(single(events, 'start').conversationId).toBe(conversationId);
    expect(await history(cookie, conversationId)).toEqual([
      'U:Q1',
      'A:A1',
      'U:Q2 edited [edit-1]',
      'A:New answer',
    ]);
    // The model saw only what came before the edited message.
    const sent = fake.requestWith('[edit-1]')!.body.messages!.slice(1).map(textOf);
    expect(sent).toEqual(['Q1', 'A1', 'Q2 edited [edit-1]']);
  });

  it('refuses to edit an assistant reply, an empty text and a foreign message', async () => {
    const { cookie, ids } = await seeded();
    const edit = (payload: object, as = cookie) =>
      api(t.app, { method: 'POST', url: '/api/chat/edit', cookie: as, payload });
    expect((await edit({ messageId: ids[1], message: 'x' })).statusCode).toBe(400);
    expect((await edit({ messageId: ids[0], message: '   ' })).statusCode).toBe(400);
    const stranger = await createSignedInUser(t.db);
    expect((await edit({ messageId: ids[0], message: 'mine' }, stranger.cookie)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/chat/regenerate', () => {
  it('replaces the reply by answering the nearest earlier user message again', async () => {
    const { cookie, conversationId, ids } = await seeded();
    fake.when('Q2', { chunks: ['A2', ' again'] });
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie,
      payload: { messageId: ids[3] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: { content: 'A2 again' },
      userMessageId: ids[2],
    });
    expect(await history(cookie, conversationId)).toEqual(['U:Q1', 'A:A1', 'U:Q2', 'A:A2 again']);
    const sent = fake.chatRequests().at(-1)!.body.messages!.slice(1).map(textOf);
    expect(sent).toEqual(['Q1', 'A1', 'Q2']);
  });

  it('refuses to regenerate a user message', async () => {
    const { cookie, ids } = await seeded();
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie,
      payload: { messageId: ids[0] },
    });
    expect(response.statusCode).toBe(400);
  });

  it("refuses a reply of another of the user's conversations than the one named, changing nothing", async () => {
    const first = await seeded();
    const { ids } = first;
    const other = await createConversation(t.db, first.userId, {
      messages: ['Andere Frage', 'Andere Antwort'],
    });
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie: first.cookie,
      payload: { messageId: ids[3], conversationId: other.conversation.conversationId },
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Message not found' });
    expect(await history(first.cookie, first.conversationId)).toEqual([
      'U:Q1',
      'A:A1',
      'U:Q2',
      'A:A2',
      'U:Q3',
      'A:A3',
    ]);
  });
});

describe('two turns on the same message at once (a double click, two tabs)', () => {
  it('a regenerate replaces every answer after the question, so a doubled one ends as one', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    // What two regenerates that crossed used to leave: two answers to one question.
    const { conversation, messages } = await createConversation(t.db, user.id, {
      messages: ['Q1', 'A1', 'Q2', 'A2 first', { content: 'A2 second', isUserMessage: false }],
    });
    fake.when('Q2', { chunks: ['A2', ' again'] });
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie,
      payload: { messageId: messages[4]!.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await history(cookie, conversation.conversationId)).toEqual([
      'U:Q1',
      'A:A1',
      'U:Q2',
      'A:A2 again',
    ]);
  });

  it('two edits of one message keep one of them, and the other is told it is gone', async () => {
    const { cookie, conversationId, ids } = await seeded();
    fake.when('[edit-twice]', { chunks: ['One', ' answer'], chunkDelayMs: 60 });
    const edit = (text: string) =>
      api(t.app, {
        method: 'POST',
        url: '/api/chat/edit',
        cookie,
        payload: { messageId: ids[2], message: `${text} [edit-twice]` },
      });
    const answers = await Promise.all([edit('First'), edit('Second')]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 404]);
    const refused = answers.find((answer) => answer.statusCode === 404)!;
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Message not found' });
    const after = (await history(cookie, conversationId)).slice(2);
    // One edited question; the history sent with it held what came before it.
    expect(after.filter((line: string) => line.startsWith('U:'))).toHaveLength(1);
    const sent = fake.chatRequests().at(-1)!.body.messages!.slice(1).map(textOf);
    expect(sent.slice(0, 2)).toEqual(['Q1', 'A1']);
  });
});

describe('a new conversation', () => {
  it('gets the first words at once and a model-written title after its first reply', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await api(t.app, {
      method: 'PATCH',
      url: `/api/settings/${user.id}`,
      cookie,
      payload: { language: 'en' },
    });
    fake.when('[title-1]', { chunks: ['Sure.'] });
    fake.when('Assistant: Sure.', { chunks: ['"Baking Rye Sourdough."'] });
    const response = await sendChat(t.app, cookie, {
      message: 'How do I bake sourdough bread at home with rye flour [title-1]',
    });
    const { conversationId } = response.json();
    let title = '';
    for (let attempt = 0; attempt < 200 && title !== 'Baking Rye Sourdough'; attempt++) {
      const [row] = (await api(t.app, { method: 'GET', url: '/api/conversations', cookie })).json();
      title = row.title;
      if (title !== 'Baking Rye Sourdough') {
        expect(title).toBe('How do I bake sourdough bread…');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(title).toBe('Baking Rye Sourdough');
    const titleRequest = fake
      .titleRequests()
      .find((request) => JSON.stringify(request.body).includes('[title-1]'))!;
    expect(textOf(titleRequest.body.messages![0])).toBe(
      'Write a short title (at most six words) in English for the following conversation. Reply with the title only, without quotes.',
    );
    expect(conversationId).toBeTruthy();
  });
});
