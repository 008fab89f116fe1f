import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_REPLIES } from '#server/ai/offline-assistant.ts';
import { aiPredefinedAnswers, tokenUsage } from '#server/db/schema/ai.ts';
import { LANGUAGES } from '#shared/settings/settings-schemas.ts';
import { deltaText, sendChat, single, streamChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** No provider key at all: the built-in offline assistant answers (issue #3). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // Inserted before any chat: predefined answers are cached for a few seconds.
  await t.db
    .insert(aiPredefinedAnswers)
    .values({ keyword: 'offline-hours', answer: 'Open all day.' });
});
afterAll(() => t.close());

async function userWithLanguage(language: string) {
  const signedIn = await createSignedInUser(t.db);
  const response = await api(t.app, {
    method: 'PATCH',
    url: `/api/settings/${signedIn.user.id}`,
    cookie: signedIn.cookie,
    payload: { language },
  });
  expect(response.statusCode).toBe(200);
  return signedIn;
}

describe('offline assistant', () => {
  it.each(LANGUAGES)(
    'streams its reply in small chunks in the user language (%s)',
    async (language) => {
      const { cookie } = await userWithLanguage(language);
      const { response, events } = await streamChat(t.app, cookie, { message: 'Was kannst du?' });
      expect(response.statusCode).toBe(200);
      const deltas = events.filter((event) => event.event === 'delta');
      expect(deltas.length).toBeGreaterThan(10);
      expect(deltaText(events)).toBe(OFFLINE_REPLIES[language]);
      expect(single(events, 'start').model).toBe('offline');
      expect(single(events, 'done').message).toMatchObject({
        model: 'offline',
        content: OFFLINE_REPLIES[language],
      });
    },
  );

  it('says no provider is configured and how to set one', () => {
    for (const language of LANGUAGES) {
      expect(OFFLINE_REPLIES[language]).toContain('OPENAI_API_KEY');
      expect(OFFLINE_REPLIES[language]).toContain('ANTHROPIC_API_KEY');
    }
  });

  it('answers JSON clients too and records a free usage row', async () => {
    const { user, cookie } = await userWithLanguage('en');
    const response = await sendChat(t.app, cookie, { message: 'Hello' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.content).toBe(OFFLINE_REPLIES.en);
    const rows = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      model: 'offline',
      conversationId: response.json().conversationId,
      status: 'success',
      cost: '0.000000',
    });
    expect(rows[0]!.outputTokens).toBeGreaterThan(0);
  });

  it('is named as such in the model list, and every provider model is unavailable', async () => {
    const { cookie } = await userWithLanguage('de');
    const response = await api(t.app, { method: 'GET', url: '/api/models', cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.offline).toBe(true);
    expect(body.models[0]).toMatchObject({
      id: 'offline',
      name: 'Orbit Offline-Assistent',
      available: true,
      allowed: true,
    });
    const gpt4o = body.models.find((model: { id: string }) => model.id === 'gpt-4o');
    expect(gpt4o).toMatchObject({ allowed: true, available: false });
    expect(gpt4o.reason).toContain('No AI provider is configured');
  });

  it('gives predefined answers first', async () => {
    const { cookie } = await userWithLanguage('en');
    const response = await sendChat(t.app, cookie, { message: 'offline-hours?' });
    expect(response.json().message).toMatchObject({
      content: 'Open all day.',
      model: 'predefined',
    });
  });
});
