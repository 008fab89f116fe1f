import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '#server/ai/model-catalogue.ts';
import { costOf } from '#server/ai/tokens.ts';
import { tokenLimits, tokenUsage } from '#server/db/schema/ai.ts';
import { STAGE } from '#server/features/website-builder/site-author.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/**
 * Every model call of a build writes its token_usage row and a used-up token budget refuses the
 * build (docs/decisions/325-website-builds-count-their-tokens.md); the build follows the tier's
 * model flags and largest request like a chat message
 * (docs/decisions/329-website-builds-follow-model-access-and-request-size.md).
 */
const page = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sunny Bakery</title><style>body { font: 18px system-ui, sans-serif; }</style>
</head><body><main><h1>Sunny Bakery</h1><p>Fresh sourdough every morning in Berlin.</p></main></body></html>`;
const plan = JSON.stringify({
  name: 'Sunny Bakery',
  description: 'A bakery in Berlin.',
  tags: ['bakery'],
  sections: ['Bread'],
});
/** No refinement of what the screenshot finds: two calls, plan and write. */
const options = { iterativeRefinement: false, maxRefinementSteps: 0 };
const token = () => `usage-${randomBytes(4).toString('hex')}`;

let fake: FakeAi;
let t: TestContext;
beforeAll(async () => {
  fake = await FakeAi.start();
  // No browser: the screenshot is not what these tests are about.
  t = await createTestApp(fake.env({ CHROMIUM_PATH: '/nonexistent/chromium' }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const build = (cookie: string, prompt: string) =>
  api(t.app, {
    method: 'POST',
    url: '/api/codehub/build-website',
    cookie,
    payload: { prompt, options },
  });

const usageOf = (userId: number) =>
  t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, userId)).orderBy(tokenUsage.id);

describe('the tokens of a website build', () => {
  it('writes one token_usage row per model call with the provider’s tokens and the catalogue’s cost', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const marker = token();
    fake.whenAll([STAGE.plan, marker], { chunks: [plan], usage: { input: 321, output: 45 } });
    fake.whenAll([STAGE.write, marker], { chunks: [page], usage: { input: 1234, output: 5678 } });

    const response = await build(cookie, `A bakery in Berlin ${marker}`);
    expect(response.statusCode, response.body).toBe(200);

    const rows = await usageOf(user.id);
    expect(rows).toHaveLength(2);
    const model = (await loadCatalogue(t.db)).get(rows[0]!.model)!;
    expect(model).toBeDefined();
    expect(
      rows.map((row) => ({
        model: row.model,
        conversationId: row.conversationId,
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
        totalTokens: row.totalTokens,
        cost: Number(row.cost),
        status: row.status,
        errorMessage: row.errorMessage,
      })),
    ).toEqual(
      [
        [321, 45],
        [1234, 5678],
      ].map(([inputTokens, outputTokens]) => ({
        model: model.id,
        conversationId: null,
        inputTokens,
        outputTokens,
        totalTokens: inputTokens! + outputTokens!,
        cost: Number(costOf({ inputTokens: inputTokens!, outputTokens: outputTokens! }, model)),
        status: 'success',
        errorMessage: null,
      })),
    );
    expect(Number(rows[1]!.cost)).toBeGreaterThan(0);
    for (const row of rows) expect(row.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('counts the tokens itself when the provider reports none', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const marker = token();
    fake.whenAll([STAGE.plan, marker], { chunks: [plan], usage: null });
    fake.whenAll([STAGE.write, marker], { chunks: [page], usage: null });

    expect((await build(cookie, `A bakery ${marker}`)).statusCode).toBe(200);
    const rows = await usageOf(user.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.inputTokens).toBeGreaterThan(10);
      expect(row.outputTokens).toBeGreaterThan(10);
      expect(row.status).toBe('success');
    }
  });

  it('records a failed call as an error row', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const marker = token();
    fake.whenAll([STAGE.plan, marker], { status: 500 });

    const response = await build(cookie, `A bakery ${marker}`);
    expect(response.statusCode).toBeGreaterThanOrEqual(500);

    const rows = await usageOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'error', outputTokens: 0, conversationId: null });
    expect(rows[0]!.inputTokens).toBeGreaterThan(0);
    expect(rows[0]!.errorMessage).toBeTruthy();
  });

  it('refuses a build with 429 once the day’s tokens are used up, without calling the model', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const [limits] = await t.db.select().from(tokenLimits).where(eq(tokenLimits.tier, 'free'));
    expect(limits).toBeDefined();
    await t.db.insert(tokenUsage).values({
      userId: user.id,
      model: 'gpt-4o',
      inputTokens: limits!.dailyTokens,
      outputTokens: 0,
      totalTokens: limits!.dailyTokens,
    });
    const marker = token();

    const response = await build(cookie, `A bakery ${marker}`);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED_ERROR',
      statusCode: 429,
      message: 'Daily token limit reached. It resets at midnight UTC.',
    });
    expect(fake.requestsWithAll(marker)).toEqual([]);
    expect(await usageOf(user.id)).toHaveLength(1);

    // Also as an event stream: a plain 429 before the stream opens.
    const streamed = await api(t.app, {
      method: 'POST',
      url: '/api/codehub/build-website',
      cookie,
      payload: { prompt: `A bakery ${marker}`, options },
      headers: { accept: 'text/event-stream' },
    });
    expect(streamed.statusCode).toBe(429);
    expect(fake.requestsWithAll(marker)).toEqual([]);
  });
});

describe('the token limits a website build follows like a chat message', () => {
  async function setLimits(tier: string, values: Partial<typeof tokenLimits.$inferInsert>) {
    await t.db.update(tokenLimits).set(values).where(eq(tokenLimits.tier, tier));
  }

  it('builds with the next strongest model when the plan’s token limits exclude GPT-5 or Claude 4', async () => {
    const gpt5 = (await loadCatalogue(t.db)).get('gpt-5');
    expect(gpt5).toMatchObject({ enabled: true, minTier: 'ultimate', provider: 'openai' });
    const { user, cookie } = await createSignedInUser(t.db, {
      subscriptionTier: 'ultimate',
      subscriptionExpiry: null,
    });
    const modelsOf = async (flags: { gpt5Access: boolean; claude4Access: boolean }) => {
      await setLimits('ultimate', flags);
      const marker = token();
      fake.whenAll([STAGE.plan, marker], { chunks: [plan] });
      fake.whenAll([STAGE.write, marker], { chunks: [page] });
      const response = await api(t.app, {
        method: 'POST',
        url: '/api/codehub/build-website',
        cookie,
        payload: { prompt: `A bakery ${marker}`, options, model_variant: 'quality' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const requests = fake.requestsWithAll(marker);
      expect(requests).toHaveLength(2);
      const rows = (await usageOf(user.id)).slice(-2);
      return {
        upstream: [...new Set(requests.map((request) => request.body.model))],
        recorded: [...new Set(rows.map((row) => row.model))],
      };
    };
    try {
      expect(await modelsOf({ gpt5Access: true, claude4Access: true })).toEqual({
        upstream: ['gpt-5'],
        recorded: ['gpt-5'],
      });
      expect(await modelsOf({ gpt5Access: false, claude4Access: true })).toEqual({
        upstream: ['claude-sonnet-4-20250514'],
        recorded: ['claude-sonnet-4'],
      });
      expect(await modelsOf({ gpt5Access: false, claude4Access: false })).toEqual({
        upstream: ['claude-3-7-sonnet-20250219'],
        recorded: ['claude-3-7-sonnet'],
      });
    } finally {
      await setLimits('ultimate', { gpt5Access: true, claude4Access: true });
    }
  });

  it('refuses a build whose request is larger than the plan allows with the chat’s 429, building and charging nothing', async () => {
    const [limits] = await t.db.select().from(tokenLimits).where(eq(tokenLimits.tier, 'free'));
    await setLimits('free', { maxRequestSize: 600 });
    try {
      const { user, cookie } = await createSignedInUser(t.db);
      const marker = token();
      fake.whenAll([STAGE.plan, marker], { chunks: [plan] });
      fake.whenAll([STAGE.write, marker], { chunks: [page] });
      const prompt = `A bakery in Berlin ${marker} ${'with fresh bread every morning '.repeat(80)}`;

      const response = await build(cookie, prompt);
      expect(response.statusCode).toBe(429);
      const body = response.json<{ details: { estimatedTokens: number } }>();
      const { estimatedTokens } = body.details;
      // The user's description alone is over 600 tokens; the system prompt adds to it.
      expect(estimatedTokens).toBeGreaterThan(Math.ceil(prompt.length / 4));
      expect(body).toEqual({
        code: 'QUOTA_EXCEEDED_ERROR',
        statusCode: 429,
        message: `Request too large: about ${estimatedTokens} tokens, your plan allows 600 per request. Shorten the message or start a new chat.`,
        details: { estimatedTokens, maxRequestSize: 600 },
      });
      const streamed = await api(t.app, {
        method: 'POST',
        url: '/api/codehub/build-website',
        cookie,
        payload: { prompt, options },
        headers: { accept: 'text/event-stream' },
      });
      expect(streamed.statusCode).toBe(429);
      expect(streamed.json()).toEqual(body);

      expect(fake.requestsWithAll(marker)).toEqual([]);
      expect(await usageOf(user.id)).toEqual([]);
      const sites = await api(t.app, { method: 'GET', url: '/api/codehub/websites', cookie });
      expect(sites.json()).toMatchObject({ items: [] });

      // A short description still builds under the same limit: the refusal is about the size.
      expect((await build(cookie, `A bakery ${marker}`)).statusCode).toBe(200);
    } finally {
      await setLimits('free', { maxRequestSize: limits!.maxRequestSize });
    }
  });
});
