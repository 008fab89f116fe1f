import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrors, tokenUsage } from '#server/db/schema/ai.ts';
import { backupHistory } from '#server/db/schema/backups.ts';
import { payments } from '#server/db/schema/billing.ts';
import { cryptoPayments } from '#server/db/schema/crypto-payments.ts';
import { users, userSessions } from '#server/db/schema/users.ts';
import type { Dashboard } from '#shared/admin/admin-dashboard-schemas.ts';
import { createSignedInUser, createUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Issue 12 "dashboard": figures computed from seeded rows, money exact. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

function payment(userId: number, n: number, fields: Partial<typeof payments.$inferInsert>) {
  return {
    userId,
    provider: 'sandbox',
    providerPaymentId: `dash_${n}`,
    planId: 'premium',
    amountCents: 999,
    method: 'sandbox',
    status: 'paid',
    ...fields,
  };
}

describe('GET /api/admin/dashboard', () => {
  it('sums users, tiers, revenue, usage, pending crypto and errors from the data', async () => {
    const admin = await createSignedInUser(t.db, { isAdmin: true }); // active now, new
    const old = await createUser(t.db, { createdAt: ago(20 * DAY), subscriptionTier: 'expert' });
    const lapsed = await createUser(t.db, {
      createdAt: ago(10 * DAY),
      subscriptionTier: 'ultimate',
      subscriptionExpiry: ago(DAY),
    });
    const premium = await createUser(t.db, {
      subscriptionTier: 'premium',
      subscriptionExpiry: new Date(now.getTime() + 30 * DAY),
    });
    const suspended = await createUser(t.db, { suspendedAt: now, createdAt: ago(9 * DAY) });
    await createUser(t.db, { deletedAt: now, subscriptionTier: 'ultimate' });
    // Seen yesterday evening (within 24 h) and two days ago (not).
    await t.db.insert(userSessions).values([
      { userId: old.id, loginTime: ago(5 * DAY), lastSeenAt: ago(3_600_000), successful: true },
      { userId: lapsed.id, loginTime: ago(2 * DAY), lastSeenAt: ago(2 * DAY), successful: true },
      { userId: premium.id, loginTime: ago(60_000), successful: false },
    ]);

    // The month's charges include a refunded one; last month's do not count.
    const lastMonth = new Date(monthStart.getTime() - DAY);
    await t.db.insert(payments).values([
      payment(premium.id, 1, { amountCents: 999, createdAt: now }),
      payment(old.id, 2, { amountCents: 2499, planId: 'expert', createdAt: now }),
      payment(old.id, 3, {
        amountCents: 999,
        status: 'refunded',
        refundedAt: now,
        createdAt: now,
      }),
      payment(old.id, 4, { amountCents: 5000, createdAt: lastMonth }),
      payment(old.id, 5, { amountCents: 777, status: 'failed', createdAt: now }),
    ]);

    await t.db.insert(tokenUsage).values([
      { userId: old.id, model: 'gpt-4o', totalTokens: 100, cost: '0.100001', createdAt: now },
      { userId: old.id, model: 'gpt-4o', totalTokens: 50, cost: '0.200002', createdAt: now },
      {
        userId: premium.id,
        model: 'gpt-4o',
        totalTokens: 1000,
        cost: '1.000003',
        createdAt: ago(10 * DAY),
      },
      { userId: premium.id, model: 'gpt-4o', totalTokens: 7, cost: '9', createdAt: ago(40 * DAY) },
    ]);

    await t.db.insert(cryptoPayments).values(
      ['pending', 'pending', 'awaiting_payment', 'verified'].map((status, index) => ({
        userId: old.id,
        planId: 'ultimate',
        durationMonths: 6,
        amountCents: 10_000,
        coin: 'BTC',
        cryptoAmount: '0.001',
        rateEur: '50000',
        status,
        walletAddress: 'bc1qtest',
        verificationCode: String(index),
        expiresAt: new Date(now.getTime() + DAY),
      })),
    );
    await t.db.insert(clientErrors).values([
      { message: 'boom', createdAt: ago(60_000) },
      { message: 'old boom', createdAt: ago(2 * DAY) },
    ]);
    // One failed backup this week counts; an older failure and a good backup do not.
    await t.db.insert(backupHistory).values([
      { filename: 'a.dump', format: 'postgres', status: 'failed', startedAt: ago(DAY) },
      { filename: 'b.dump', format: 'postgres', status: 'failed', startedAt: ago(9 * DAY) },
      { filename: 'c.dump', format: 'postgres', status: 'verified', startedAt: ago(DAY) },
    ]);

    const response = await api(t.app, {
      method: 'GET',
      url: '/api/admin/dashboard',
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = response.json<Dashboard>();

    expect(dashboard.users).toEqual({
      total: 5, // the erased account is not a user any more
      newLast7Days: 2, // the admin and `premium`
      activeLast24Hours: 2, // the admin's own session and `old`
      suspended: 1,
    });
    expect(dashboard.subscriptionsByTier).toEqual({ expert: 1, premium: 1 });
    expect(dashboard.revenueThisMonth).toEqual({
      cents: 999 + 2499 + 999,
      refundedCents: 999,
      currency: 'EUR',
    });
    expect(dashboard.usageToday).toEqual({ messages: 2, tokens: 150, cost: '0.300003' });
    expect(dashboard.usageLast30Days).toEqual({ messages: 3, tokens: 1150, cost: '1.300006' });
    expect(dashboard.dailyTokens).toHaveLength(30);
    expect(dashboard.dailyTokens.at(-1)).toEqual({
      day: now.toISOString().slice(0, 10),
      tokens: 150,
    });
    expect(dashboard.dailyTokens.reduce((sum, day) => sum + day.tokens, 0)).toBe(1150);
    expect(dashboard.pendingCryptoPayments).toBe(2);
    expect(dashboard.clientErrorsLast24Hours).toBe(1);
    expect(dashboard.failedBackups).toBe(1);

    // Suspended users stay counted; erasing one takes it out.
    await t.db.update(users).set({ deletedAt: now }).where(eq(users.id, suspended.id));
    const after = (
      await api(t.app, { method: 'GET', url: '/api/admin/dashboard', cookie: admin.cookie })
    ).json<Dashboard>();
    expect(after.users).toMatchObject({ total: 4, suspended: 0 });
  });
});
