import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenLimits, tokenUsage } from '#server/db/schema/ai.ts';
import { messages } from '#server/db/schema/chat.ts';
import { users } from '#server/db/schema/users.ts';
import { sendChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser, type UserOverrides } from '#tests/support/factories.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import type { TestContext } from '#tests/support/test-app.ts';

/** The monthly message allowance and token_limits (issue #3 §4, decision 004). */
let t: TestContext;
let fake: FakeAi;
beforeAll(async () => ({ t, fake } = await startAppWithFakeAi()));
afterAll(() => stopAppWithFakeAi({ t, fake }));

const thisMonth = () => new Date().toISOString().slice(0, 7);
const paid = (tier: string): UserOverrides => ({
  subscriptionTier: tier,
  subscriptionExpiry: null,
});

async function quotaOf(userId: number) {
  const [row] = await t.db
    .select({ used: users.quotaUsed, period: users.quotaPeriod })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

async function userMessageCount(userId: number) {
  const rows = await t.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.isUserMessage, true)));
  return rows.length;
}

describe('the free monthly allowance', () => {
  it('lets exactly the remaining messages through when requests race', async () => {
    const { user, cookie } = await createSignedInUser(t.db, {
      monthlyQuota: 5,
      quotaUsed: 2,
      quotaPeriod: thisMonth(),
    });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        sendChat(t.app, cookie, { message: `Race ${index}` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    const refused = responses.find((response) => response.statusCode === 429)!.json();
    expect(refused).toMatchObject({
      code: 'QUOTA_EXCEEDED_ERROR',
      statusCode: 429,
      message: 'Monthly message limit reached. Upgrade to Premium for unlimited messages.',
      details: { limit: 5, used: 5, period: thisMonth() },
    });
    expect(refused.message).toContain('limit reached');
    expect(await quotaOf(user.id)).toEqual({ used: 5, period: thisMonth() });
    // Refused messages are not stored.
    expect(await userMessageCount(user.id)).toBe(3);
  });

  it('gives the message back when it is refused for another reason', async () => {
    const { user, cookie } = await createSignedInUser(t.db, {
      monthlyQuota: 5,
      quotaUsed: 2,
      quotaPeriod: thisMonth(),
    });
    const aboveThePlan = await sendChat(t.app, cookie, { message: 'Hallo', model: 'gpt-5' });
    expect(aboveThePlan.statusCode).toBe(403);
    const unknownPersona = await sendChat(t.app, cookie, { message: 'Hallo', personaId: 999_999 });
    expect(unknownPersona.statusCode).toBe(404);
    expect(await quotaOf(user.id)).toEqual({ used: 2, period: thisMonth() });
    expect(await userMessageCount(user.id)).toBe(0);
  });

  it('adds referral bonus messages to the allowance', async () => {
    const { cookie } = await createSignedInUser(t.db, { monthlyQuota: 1, bonusMessages: 2 });
    const statuses = [];
    for (let index = 0; index < 4; index++) {
      statuses.push((await sendChat(t.app, cookie, { message: `Bonus ${index}` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('starts again in a new calendar month', async () => {
    const { user, cookie } = await createSignedInUser(t.db, {
      quotaUsed: 125,
      quotaPeriod: '2020-01',
    });
    expect((await sendChat(t.app, cookie, { message: 'New month' })).statusCode).toBe(200);
    expect(await quotaOf(user.id)).toEqual({ used: 1, period: thisMonth() });
  });

  it('does not count messages of paid plans and administrators', async () => {
    for (const overrides of [paid('premium'), { isAdmin: true }]) {
      const { user, cookie } = await createSignedInUser(t.db, {
        ...overrides,
        monthlyQuota: 1,
        quotaUsed: 1,
        quotaPeriod: thisMonth(),
      });
      expect((await sendChat(t.app, cookie, { message: 'Unlimited' })).statusCode).toBe(200);
      expect((await quotaOf(user.id)).used).toBe(1);
    }
  });
});

describe('token limits', () => {
  async function spend(userId: number, tokens: number, at = new Date()) {
    await t.db
      .insert(tokenUsage)
      .values({ userId, model: 'gpt-4o', totalTokens: tokens, createdAt: at });
  }

  it('refuses once the monthly tokens are used up, counting only this month', async () => {
    const { user, cookie } = await createSignedInUser(t.db, paid('premium'));
    await spend(user.id, 5_000_000, new Date('2020-03-01'));
    expect(
      (await sendChat(t.app, cookie, { message: 'Old usage does not count' })).statusCode,
    ).toBe(200);
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    await spend(user.id, 2_000_000, monthStart);
    const response = await sendChat(t.app, cookie, { message: 'Over the month' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED_ERROR',
      details: { limit: 2_000_000 },
    });
    expect(response.json().message).toContain('Monthly token limit reached');
  });

  it('refuses once the daily tokens are used up', async () => {
    const { user, cookie } = await createSignedInUser(t.db, paid('expert'));
    await spend(user.id, 750_000);
    const response = await sendChat(t.app, cookie, { message: 'Over the day' });
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toContain('Daily token limit reached');
  });

  it('refuses a request larger than the plan allows, storing nothing', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const response = await sendChat(t.app, cookie, { message: 'word '.repeat(8_000) });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED_ERROR',
      details: { maxRequestSize: 8_000 },
    });
    expect(await userMessageCount(user.id)).toBe(0);
    expect((await quotaOf(user.id)).used).toBe(0);
  });

  it('applies the GPT-5 and Claude 4 flags as model access (403)', async () => {
    await t.db
      .update(tokenLimits)
      .set({ gpt5Access: false })
      .where(eq(tokenLimits.tier, 'ultimate'));
    try {
      const { cookie } = await createSignedInUser(t.db, paid('ultimate'));
      const refused = await sendChat(t.app, cookie, { message: 'Hi', model: 'gpt-5' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("GPT-5 is not included in your plan's token limits");
      expect(
        (await sendChat(t.app, cookie, { message: 'Hi', model: 'claude-sonnet-4' })).statusCode,
      ).toBe(200);
    } finally {
      await t.db
        .update(tokenLimits)
        .set({ gpt5Access: true })
        .where(eq(tokenLimits.tier, 'ultimate'));
    }
  });
});
