import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, subscriptions } from '#server/db/schema/billing.ts';
import type { AdminPayment, AdminSubscription } from '#shared/admin/admin-billing-schemas.ts';
import { createSignedInUser, createUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** /api/admin/subscriptions and /api/admin/payments: filters and paging (issue 12 item 2). */
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let user: Awaited<ReturnType<typeof createSignedInUser>>;
const usernames: string[] = [];

const DAY = 86_400_000;
const SEEDS = [
  { plan: 'premium', status: 'active', method: 'sandbox', provider: 'sandbox', interval: 'month' },
  { plan: 'expert', status: 'active', method: 'crypto', provider: 'crypto', interval: null },
  { plan: 'premium', status: 'canceled', method: 'card', provider: 'stripe', interval: 'year' },
  {
    plan: 'ultimate',
    status: 'past_due',
    method: 'sandbox',
    provider: 'sandbox',
    interval: 'month',
  },
  { plan: 'premium', status: 'active', method: 'sandbox', provider: 'sandbox', interval: 'year' },
] as const;
const PAYMENT_STATUS = ['paid', 'paid', 'refunded', 'failed', 'pending'] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { isAdmin: true });
  user = await createSignedInUser(t.db);
  for (const [index, seed] of SEEDS.entries()) {
    const owner = await createUser(t.db);
    usernames.push(owner.username);
    const now = Date.now();
    await t.db.insert(subscriptions).values({
      userId: owner.id,
      planId: seed.plan,
      interval: seed.interval,
      status: seed.status,
      provider: seed.provider,
      providerSubscriptionId: `sub_${index}`,
      paymentMethod: seed.method,
      currentPeriodStart: new Date(now - DAY),
      currentPeriodEnd: new Date(now + 30 * DAY),
    });
    await t.db.insert(payments).values({
      userId: owner.id,
      provider: seed.provider,
      providerPaymentId: `pay_${index}`,
      planId: seed.plan,
      interval: seed.interval,
      durationMonths: seed.interval ? null : 6,
      amountCents: 1299 + index,
      method: seed.method,
      status: PAYMENT_STATUS[index]!,
    });
  }
});
afterAll(() => t.close());

async function list<T>(path: string, query: string, cookie = admin.cookie) {
  const response = await api(t.app, { method: 'GET', url: `${path}?${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: T[]; nextCursor: string | null }>();
}

describe('GET /api/admin/subscriptions', () => {
  it('lists every subscription newest first with its owner', async () => {
    const page = await list<AdminSubscription>('/api/admin/subscriptions', '');
    expect(page.items.map((s) => s.username)).toEqual([...usernames].reverse());
    expect(page.items.at(-1)).toMatchObject({
      plan: 'premium',
      status: 'active',
      provider: 'sandbox',
      paymentMethod: 'sandbox',
      interval: 'month',
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
    });
    expect(page.nextCursor).toBeNull();
  });

  it('filters by plan, status and method, together', async () => {
    const byPlan = await list<AdminSubscription>('/api/admin/subscriptions', 'plan=premium');
    expect(byPlan.items.map((s) => s.username)).toEqual([usernames[4], usernames[2], usernames[0]]);
    const combined = await list<AdminSubscription>(
      '/api/admin/subscriptions',
      'plan=premium&status=active&method=sandbox',
    );
    expect(combined.items.map((s) => s.username)).toEqual([usernames[4], usernames[0]]);
    const crypto = await list<AdminSubscription>('/api/admin/subscriptions', 'method=crypto');
    expect(crypto.items.map((s) => [s.username, s.plan, s.interval])).toEqual([
      [usernames[1], 'expert', null],
    ]);
  });

  it('pages with a cursor, without gaps or repeats, both ways', async () => {
    const first = await list<AdminSubscription>('/api/admin/subscriptions', 'limit=2');
    const second = await list<AdminSubscription>(
      '/api/admin/subscriptions',
      `limit=2&cursor=${first.nextCursor}`,
    );
    const third = await list<AdminSubscription>(
      '/api/admin/subscriptions',
      `limit=2&cursor=${second.nextCursor}`,
    );
    expect(third.nextCursor).toBeNull();
    expect([...first.items, ...second.items, ...third.items].map((s) => s.username)).toEqual(
      [...usernames].reverse(),
    );
    const oldest = await list<AdminSubscription>('/api/admin/subscriptions', 'order=asc&limit=3');
    expect(oldest.items.map((s) => s.username)).toEqual(usernames.slice(0, 3));
  });

  it('refuses an unknown filter value or cursor with 400, and a user with 403', async () => {
    for (const query of ['plan=gold', 'status=maybe', 'method=cash', 'cursor=nonsense']) {
      const response = await api(t.app, {
        method: 'GET',
        url: `/api/admin/subscriptions?${query}`,
        cookie: admin.cookie,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    const denied = await api(t.app, {
      method: 'GET',
      url: '/api/admin/subscriptions',
      cookie: user.cookie,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('PERMISSION_ERROR');
  });
});

describe('GET /api/admin/payments', () => {
  it('lists every payment with amount in cents, and filters by plan, status and method', async () => {
    const all = await list<AdminPayment>('/api/admin/payments', '');
    expect(all.items.map((p) => p.amountCents)).toEqual([1303, 1302, 1301, 1300, 1299]);
    expect(all.items.at(-1)).toMatchObject({
      username: usernames[0],
      plan: 'premium',
      method: 'sandbox',
      status: 'paid',
      currency: 'EUR',
      refundedAt: null,
    });
    const refunded = await list<AdminPayment>('/api/admin/payments', 'status=refunded');
    expect(refunded.items.map((p) => p.username)).toEqual([usernames[2]]);
    const sandboxPremium = await list<AdminPayment>(
      '/api/admin/payments',
      'method=sandbox&plan=premium',
    );
    expect(sandboxPremium.items.map((p) => p.status)).toEqual(['pending', 'paid']);
    const crypto = await list<AdminPayment>('/api/admin/payments', 'method=crypto');
    expect(crypto.items.map((p) => p.durationMonths)).toEqual([6]);
  });

  it('pages with a cursor', async () => {
    const first = await list<AdminPayment>('/api/admin/payments', 'limit=3');
    expect(first.items).toHaveLength(3);
    const rest = await list<AdminPayment>(
      '/api/admin/payments',
      `limit=3&cursor=${first.nextCursor}`,
    );
    expect(rest.nextCursor).toBeNull();
    expect([...first.items, ...rest.items].map((p) => p.amountCents)).toEqual([
      1303, 1302, 1301, 1300, 1299,
    ]);
  });

  it('shows a crypto payment an administrator verified as an active crypto subscription', async () => {
    const buyer = await createSignedInUser(t.db);
    const created = await api(t.app, {
      method: 'POST',
      url: '/api/crypto-payments',
      cookie: buyer.cookie,
      payload: { plan: 'ultimate', durationMonths: 12, coin: 'BTC' },
    });
    const id = created.json<{ id: number }>().id;
    await api(t.app, {
      method: 'POST',
      url: `/api/crypto-payments/${id}/paid`,
      cookie: buyer.cookie,
      payload: {
        txHash: 'b'.repeat(64),
        senderWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      },
    });
    const verified = await api(t.app, {
      method: 'POST',
      url: `/api/admin/crypto-payments/${id}/verify`,
      cookie: admin.cookie,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const subs = await list<AdminSubscription>(
      '/api/admin/subscriptions',
      'method=crypto&plan=ultimate',
    );
    expect(subs.items.map((s) => [s.username, s.status])).toEqual([
      [buyer.user.username, 'active'],
    ]);
  });
});
