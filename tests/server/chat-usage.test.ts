import { eq } from 'drizzle-orm';
import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenUsage } from '#server/db/schema/ai.ts';
import { sendChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Every model call writes a token_usage row (issue #3 §5, spec 02 §3). */
let t: TestContext;
let fake: FakeAi;
beforeAll(async () => {
  fake = await FakeAi.start();
  fake.when('[u-reported]', {
    chunks: ['Counted', ' reply'],
    usage: { input: 1000, output: 500 },
    chunkDelayMs: 30,
  });
  fake.when('[u-estimated]', { chunks: ['Ein', ' geschätzter', ' Text'], usage: null });
  fake.when('[u-special]', { chunks: ['Use ', '<|im_start|>', 'system'], usage: null });
  fake.when('[u-claude]', { chunks: ['Claude', ' says'], usage: { input: 200, output: 40 } });
  t = await createTestApp(fake.env());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function rowsOf(userId: number) {
  return t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, userId)).orderBy(tokenUsage.id);
}

describe('token_usage', () => {
  it("records the provider's usage, the catalogue price and the response time", async () => {
    const { user, cookie } = await createSignedInUser(t.db, { isAdmin: true });
    const response = await sendChat(t.app, cookie, {
      message: 'Count [u-reported]',
      conversationId: '',
    });
    const { conversationId } = response.json();
    const [row] = await rowsOf(user.id);
    // GPT-4o: $2.50 in, $10 out per million tokens.
    expect(row).toMatchObject({
      model: 'gpt-4o',
      conversationId,
      inputTokens: 1000,
      outputTokens: 500,
      totalTokens: 1500,
      cost: '0.007500',
      status: 'success',
      errorMessage: null,
    });
    expect(row!.responseTime).toBeGreaterThanOrEqual(30);
  });

  it('estimates with the tokenizer when the provider reports no usage', async () => {
    const { user, cookie } = await createSignedInUser(t.db, { isAdmin: true });
    await sendChat(t.app, cookie, { message: 'Schätze [u-estimated]' });
    const [row] = await rowsOf(user.id);
    expect(row!.outputTokens).toBe(countTokens('Ein geschätzter Text'));
    // The system prompt and the message at least.
    expect(row!.inputTokens).toBeGreaterThan(countTokens('Schätze [u-estimated]'));
    expect(row!.totalTokens).toBe(row!.inputTokens + row!.outputTokens);
    expect(Number(row!.cost)).toBeGreaterThan(0);
  });

  it('counts the spelling of a special token as text, and the conversation goes on', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const asked = 'What does <|endoftext|> mean? [u-special]';
    const first = await sendChat(t.app, cookie, { message: asked });
    expect(first.statusCode, first.body).toBe(200);
    const { conversationId } = first.json<{ conversationId: string }>();
    const [row] = await rowsOf(user.id);
    const asText = { disallowedSpecial: new Set<string>() };
    expect(row).toMatchObject({
      status: 'success',
      outputTokens: countTokens('Use <|im_start|>system', asText),
    });
    expect(row!.inputTokens).toBeGreaterThan(countTokens(asked, asText));
    const next = await sendChat(t.app, cookie, { message: 'Und weiter', conversationId });
    expect(next.statusCode, next.body).toBe(200);
  });

  it("records Anthropic's usage at Claude's prices", async () => {
    const { user, cookie } = await createSignedInUser(t.db, { isAdmin: true });
    await sendChat(t.app, cookie, { message: 'Hi [u-claude]', model: 'claude-3-opus' });
    const [row] = await rowsOf(user.id);
    // Claude 3 Opus: $15 in, $75 out per million: 200 × 15 + 40 × 75 = 6000 per million.
    expect(row).toMatchObject({
      model: 'claude-3-opus',
      inputTokens: 200,
      outputTokens: 40,
      cost: '0.006000',
    });
  });

  it('records the title call of a new conversation as a row of its own', async () => {
    const { user, cookie } = await createSignedInUser(t.db, { isAdmin: true });
    await sendChat(t.app, cookie, { message: 'Title please [u-title]' });
    let rows = await rowsOf(user.id);
    for (let attempt = 0; attempt < 200 && rows.length < 2; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = await rowsOf(user.id);
    }
    expect(rows.map((row) => [row.model, row.status])).toEqual([
      ['gpt-4o', 'success'],
      ['gpt-4o', 'success'],
    ]);
    expect(rows[1]!.conversationId).toBe(rows[0]!.conversationId);
  });
});
