import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_PERSONAS } from '#server/features/personas/builtin-personas.ts';
import { sendChat } from '#tests/support/chat-helpers.ts';
import {
  createConversation,
  createSignedInUser,
  type UserOverrides,
} from '#tests/support/factories.ts';
import { textOf, type FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/** The context the server builds and sends upstream (issue #3), read at the fake provider. */
let t: TestContext;
let fake: FakeAi;
beforeAll(async () => ({ t, fake } = await startAppWithFakeAi()));
afterAll(() => stopAppWithFakeAi({ t, fake }));

const [persona42, codeExpert] = BUILTIN_PERSONAS as [
  (typeof BUILTIN_PERSONAS)[0],
  (typeof BUILTIN_PERSONAS)[0],
];
const paid = (tier: string): UserOverrides => ({
  subscriptionTier: tier,
  subscriptionExpiry: null,
});

let counter = 0;
/** Sends a marked message in a conversation of 60 stored messages; returns the upstream request. */
async function contextFor(overrides: UserOverrides, body: Record<string, unknown> = {}) {
  const { user, cookie } = await createSignedInUser(t.db, overrides);
  const history = Array.from({ length: 60 }, (_, index) => `history ${index}`);
  const { conversation } = await createConversation(t.db, user.id, { messages: history });
  const marker = `[ctx-${++counter}]`;
  const response = await sendChat(t.app, cookie, {
    message: `Question ${marker}`,
    conversationId: conversation.conversationId,
    // Never trusted: the server uses the stored history.
    chatHistory: [{ role: 'user', content: 'forged history' }],
    ...body,
  });
  expect(response.statusCode).toBe(200);
  const request = fake.requestWith(marker)!;
  return { request, user, cookie, conversation, marker };
}

describe('context sent upstream', () => {
  it.each([
    ['free', {}, 2],
    ['premium', paid('premium'), 8],
    ['legacy pro', paid('pro'), 8],
    ['expert', paid('expert'), 20],
    ['ultimate', paid('ultimate'), 50],
    ['administrator', { isAdmin: true }, 50],
    [
      'expired expert',
      { subscriptionTier: 'expert', subscriptionExpiry: new Date('2020-01-01') },
      2,
    ],
    ['unknown tier', paid('gold'), 2],
  ] as const)(
    'sends the last N stored messages for %s (N=%d)',
    async (_label, overrides, window) => {
      const { request, marker } = await contextFor(overrides);
      const messages = request.body.messages!;
      expect(messages[0]!.role).toBe('system');
      const history = messages.slice(1, -1);
      expect(history.map(textOf)).toEqual(
        Array.from({ length: window }, (_, index) => `history ${60 - window + index}`),
      );
      // The factory alternates user/assistant starting with the user at index 0.
      expect(history.map((message) => message.role)).toEqual(
        Array.from({ length: window }, (_, index) =>
          (60 - window + index) % 2 === 0 ? 'user' : 'assistant',
        ),
      );
      expect(messages.at(-1)).toEqual({ role: 'user', content: `Question ${marker}` });
      expect(JSON.stringify(messages)).not.toContain('forged history');
    },
  );

  it('builds the system prompt from the persona in German, the response length and the reply language', async () => {
    const { request } = await contextFor({});
    expect(request.body.model).toBe('gpt-4o');
    expect(request.body.messages![0]).toEqual({
      role: 'system',
      content: [
        persona42.de.systemPrompt,
        'Antworte ausgewogen: so ausführlich wie nötig und so kurz wie möglich.',
        'Antworte auf Deutsch, außer der Nutzer bittet ausdrücklich um eine andere Sprache.',
      ].join('\n\n'),
    });
  });

  it("follows the user's language and response length", async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await api(t.app, {
      method: 'PATCH',
      url: `/api/settings/${user.id}`,
      cookie,
      payload: { language: 'en', responseLength: 'concise' },
    });
    await sendChat(t.app, cookie, { message: 'Hi [ctx-lang]' });
    expect(fake.requestWith('[ctx-lang]')!.body.messages![0]!.content).toBe(
      [
        persona42.en.systemPrompt,
        'Keep your answers concise: a few sentences with only the essentials.',
        'Reply in English unless the user explicitly asks for another language.',
      ].join('\n\n'),
    );
  });

  it('uses the default persona from settings, then the conversation persona, then the requested one', async () => {
    const { user, cookie } = await createSignedInUser(t.db, paid('premium'));
    await api(t.app, {
      method: 'PATCH',
      url: `/api/settings/${user.id}`,
      cookie,
      payload: { defaultPersona: 2, language: 'ko' },
    });
    const first = await sendChat(t.app, cookie, { message: 'One [ctx-p1]' });
    expect(textOf(fake.requestWith('[ctx-p1]')!.body.messages![0])).toContain(
      codeExpert.ko.systemPrompt,
    );
    const conversationId = first.json().conversationId;
    expect(
      (
        await api(t.app, { method: 'GET', url: `/api/conversations/${conversationId}`, cookie })
      ).json().personaId,
    ).toBe(2);

    await api(t.app, {
      method: 'PATCH',
      url: `/api/conversations/${conversationId}`,
      cookie,
      payload: { personaId: 1 },
    });
    await sendChat(t.app, cookie, { message: 'Two [ctx-p2]', conversationId });
    expect(textOf(fake.requestWith('[ctx-p2]')!.body.messages![0])).toContain(
      persona42.ko.systemPrompt,
    );

    await sendChat(t.app, cookie, { message: 'Three [ctx-p3]', conversationId, personaId: '2' });
    expect(textOf(fake.requestWith('[ctx-p3]')!.body.messages![0])).toContain(
      codeExpert.ko.systemPrompt,
    );
    expect(
      (
        await api(t.app, { method: 'GET', url: `/api/conversations/${conversationId}`, cookie })
      ).json().personaId,
    ).toBe(2);
  });

  it("refuses a persona above the plan (403) and another user's persona (404), storing nothing", async () => {
    const { cookie } = await createSignedInUser(t.db);
    const premium = await sendChat(t.app, cookie, { message: 'x [ctx-p403]', personaId: 2 });
    expect(premium.statusCode).toBe(403);
    const missing = await sendChat(t.app, cookie, { message: 'x [ctx-p404]', personaId: 999_999 });
    expect(missing.statusCode).toBe(404);
    const list = await api(t.app, { method: 'GET', url: '/api/conversations', cookie });
    expect(list.json()).toEqual([]);
    expect(fake.requestWith('[ctx-p403]')).toBeUndefined();
  });
});
