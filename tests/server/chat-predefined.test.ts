import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiPredefinedAnswers, tokenUsage } from '#server/db/schema/ai.ts';
import { sendChat, single, streamChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** ai_predefined_answers answer without a model call (spec 02 §3, issue #3 §2). */
let t: TestContext;
let fake: FakeAi;
beforeAll(async () => {
  fake = await FakeAi.start();
  t = await createTestApp(fake.env());
  await t.db.insert(aiPredefinedAnswers).values([
    {
      keyword: 'Öffnungszeiten',
      exactMatch: true,
      answer: 'We are open 9 to 5.',
      answerDe: 'Wir haben von 9 bis 17 Uhr geöffnet.',
      answerKo: '9시부터 5시까지 엽니다.',
    },
    { keyword: 'ORBIT-PRICE', caseSensitive: true, answer: 'Premium costs €12.99.' },
    { keyword: 'zebra-low', priority: 1, answer: 'Low priority zebra.' },
    { keyword: 'zebra-low zebra-high', priority: 5, answer: 'High priority zebra.' },
    { keyword: 'retired-keyword', isActive: false, answer: 'Never shown.' },
  ]);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function user(language: string) {
  const signedIn = await createSignedInUser(t.db);
  await api(t.app, {
    method: 'PATCH',
    url: `/api/settings/${signedIn.user.id}`,
    cookie: signedIn.cookie,
    payload: { language },
  });
  return signedIn;
}

async function ask(cookie: string, message: string) {
  const before = fake.requests.length;
  const response = await sendChat(t.app, cookie, { message });
  expect(response.statusCode).toBe(200);
  return { reply: response.json().message, calledModel: fake.requests.length > before };
}

describe('predefined answers', () => {
  it('answers an exact match in the user language, ignoring case and surrounding spaces', async () => {
    const de = await user('de');
    expect(await ask(de.cookie, '  öffnungszeiten ')).toEqual({
      reply: expect.objectContaining({
        content: 'Wir haben von 9 bis 17 Uhr geöffnet.',
        model: 'predefined',
      }),
      calledModel: false,
    });
    const ko = await user('ko');
    expect((await ask(ko.cookie, 'ÖFFNUNGSZEITEN')).reply.content).toBe('9시부터 5시까지 엽니다.');
    // No Chinese translation: the base answer.
    const zh = await user('zh');
    expect((await ask(zh.cookie, 'Öffnungszeiten')).reply.content).toBe('We are open 9 to 5.');
    // Exact means the whole message.
    expect((await ask(de.cookie, 'Wie sind die Öffnungszeiten?')).calledModel).toBe(true);
  });

  it('matches a keyword anywhere, with case when the entry says so', async () => {
    const { cookie } = await user('en');
    expect((await ask(cookie, 'What is the ORBIT-PRICE today?')).reply.content).toBe(
      'Premium costs €12.99.',
    );
    expect((await ask(cookie, 'what is the orbit-price today?')).calledModel).toBe(true);
  });

  it('prefers the higher priority and ignores inactive entries', async () => {
    const { cookie } = await user('en');
    expect((await ask(cookie, 'zebra-low zebra-high please')).reply.content).toBe(
      'High priority zebra.',
    );
    expect((await ask(cookie, 'just zebra-low')).reply.content).toBe('Low priority zebra.');
    expect((await ask(cookie, 'the retired-keyword')).calledModel).toBe(true);
  });

  it('streams like a model reply and records a free usage row', async () => {
    const { user: owner, cookie } = await user('en');
    const { events } = await streamChat(t.app, cookie, { message: 'ORBIT-PRICE?' });
    expect(single(events, 'start').model).toBe('predefined');
    expect(single(events, 'done').message.content).toBe('Premium costs €12.99.');
    const [usage] = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, owner.id));
    expect(usage).toMatchObject({
      model: 'predefined',
      cost: '0.000000',
      status: 'success',
      inputTokens: 0,
    });
  });
});
