import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokenUsage, tokenUsageDaily } from '#server/db/schema/ai.ts';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { postSignedWebhook } from '#tests/support/signed-webhook.ts';

/**
 * Omnichannel triage calls a model for a brand's customer, not for a user: each call is recorded
 * in token_usage without a user, counts in the administrators' figures and in nobody's token
 * limits (docs/decisions/331-calls-without-a-user-count-their-tokens.md).
 */
let fake: FakeAi;
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let channelId = '';
const HMAC_KEY = 'usage-hmac-key-0123';

beforeAll(async () => {
  fake = await FakeAi.start();
  t = await createTestApp(fake.env({ AI_TIMEOUT_MS: '4000' }));
  admin = await createSignedInUser(t.db, { isAdmin: true });
  const brand = await asAdmin('POST', '/api/omnichannel/brands', { name: 'Acme' });
  expect(brand.statusCode, brand.body).toBe(201);
  const { brandId } = brand.json<{ brandId: string }>();
  // No reply webhook: replies wait as drafts, which is all this file needs.
  const channel = await asAdmin('POST', `/api/omnichannel/brands/${brandId}/channels`, {
    channelType: 'api',
    channelIdentifier: 'acme-usage',
    secrets: { hmacKey: HMAC_KEY },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  channelId = channel.json<{ channelId: string }>().channelId;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });

let delivered = 0;
/** A customer's message through the channel's signed webhook; its inbound row's id. */
async function deliver(content: string) {
  const body = JSON.stringify({ messageId: `u-${++delivered}`, sender: 'customer', content });
  await postSignedWebhook(t.app, `/api/omnichannel/webhooks/${channelId}`, HMAC_KEY, body);
  const [row] = await t.db
    .select({ id: omnichannelMessages.id })
    .from(omnichannelMessages)
    .where(eq(omnichannelMessages.messageId, `api:${channelId}:u-${delivered}`));
  return row!.id;
}

/** The token_usage rows of the triage of message `id`, once its job wrote one. */
async function usageOf(id: number) {
  const rows = () =>
    t.db
      .select()
      .from(tokenUsage)
      .where(eq(tokenUsage.conversationId, `omnichannel:${id}`));
  await expect.poll(async () => (await rows()).length, { timeout: 20_000 }).toBeGreaterThan(0);
  return rows();
}

const triageJson = JSON.stringify({
  intent: 'order_status',
  urgency: 'low',
  language: 'en',
  sentiment: 'neutral',
  reply: 'Your order ships tomorrow.',
  commitments: [],
  citations: [],
});

it('records a triage call without a user: in the admin figures, in no one’s daily tokens', async () => {
  fake.when('USAGE-OK', { chunks: [triageJson], usage: { input: 1200, output: 34 } });
  const dailyBefore = await t.db.select().from(tokenUsageDaily);

  const id = await deliver('Where is my order? USAGE-OK');
  const [row, ...more] = await usageOf(id);
  expect(more).toHaveLength(0);
  expect(row).toMatchObject({
    userId: null,
    inputTokens: 1200,
    outputTokens: 34,
    totalTokens: 1234,
    status: 'success',
    errorMessage: null,
  });
  expect(Number(row!.cost)).toBeGreaterThan(0);
  // No user's token budget moved: the per-user day sums are as they were.
  expect(await t.db.select().from(tokenUsageDaily)).toEqual(dailyBefore);

  const today = new Date().toISOString().slice(0, 10);
  const byUser = await asAdmin(
    'GET',
    `/api/admin/token-usage?groupBy=user&from=${today}&to=${today}`,
  );
  expect(byUser.statusCode, byUser.body).toBe(200);
  const report = byUser.json<{
    items: { key: string; label: string; calls: number; totalTokens: number; cost: string }[];
    totals: { calls: number; totalTokens: number };
  }>();
  expect(report.items).toContainEqual(
    expect.objectContaining({
      key: 'omnichannel',
      label: 'omnichannel',
      calls: 1,
      totalTokens: 1234,
    }),
  );
  expect(report.totals).toMatchObject({ calls: 1, totalTokens: 1234 });
  const byTier = await asAdmin(
    'GET',
    `/api/admin/token-usage?groupBy=tier&from=${today}&to=${today}`,
  );
  expect(byTier.json<typeof report>().items).toEqual([
    expect.objectContaining({ key: 'omnichannel', totalTokens: 1234 }),
  ]);

  const dashboard = await asAdmin('GET', '/api/admin/dashboard');
  expect(dashboard.statusCode, dashboard.body).toBe(200);
  const figures = dashboard.json<{
    usageToday: { messages: number; tokens: number };
    dailyTokens: { day: string; tokens: number }[];
  }>();
  expect(figures.usageToday).toMatchObject({ messages: 1, tokens: 1234 });
  expect(figures.dailyTokens.at(-1)).toEqual({ day: today, tokens: 1234 });
});

it('records a failed triage call as an error, the prompt counted by the tokenizer', async () => {
  fake.when('USAGE-FAILS', { status: 500 });
  const id = await deliver('My parcel is lost. USAGE-FAILS');
  const [row] = await usageOf(id);
  expect(row).toMatchObject({ userId: null, status: 'error', outputTokens: 0 });
  expect(row!.inputTokens).toBeGreaterThan(0);
  expect(row!.errorMessage).toBeTruthy();
});

it('records the tokens of an answer the model wrote but triage could not use', async () => {
  fake.when('USAGE-GARBLED', { chunks: ['Sure! I will help.'], usage: { input: 900, output: 45 } });
  const id = await deliver('Refund me. USAGE-GARBLED');
  const [row] = await usageOf(id);
  expect(row).toMatchObject({
    userId: null,
    status: 'error',
    inputTokens: 900,
    outputTokens: 45,
    totalTokens: 945,
  });
  // The three calls, and nothing that belongs to a user.
  expect(await t.db.select().from(tokenUsage).where(isNull(tokenUsage.userId))).toHaveLength(3);
});
