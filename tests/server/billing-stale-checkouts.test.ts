import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSubscriptions } from '#server/db/schema/billing.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/**
 * A TEST MODE checkout page left open while the buyer's contract changed elsewhere (another tab,
 * an administrator's crypto verification): Succeed must not start a second contract beside it.
 */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createSignedInUser(t.db, { isAdmin: true })).cookie;
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: object = {}) =>
  api(t.app, { method: 'POST', url, cookie, payload });
const get = async (cookie: string, url: string) => {
  const response = await api(t.app, { method: 'GET', url, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function openCheckout(cookie: string, plan: string) {
  const checkout = await post(cookie, '/api/subscription/checkout', { plan, interval: 'month' });
  expect(checkout.statusCode, checkout.body).toBe(200);
  expect(checkout.json().kind).toBe('new');
  return checkout.json<{ checkoutId: string }>().checkoutId;
}

const succeed = (cookie: string, checkoutId: string) =>
  post(cookie, `/api/payments/sandbox/${checkoutId}/complete`, { outcome: 'succeed' });

const activeSandboxSubscriptions = async (userId: number) =>
  (
    await t.db
      .select({ status: sandboxSubscriptions.status })
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.userId, userId))
  ).filter((row) => row.status === 'active');

describe('a checkout page left open (billing review)', () => {
  it('is refused once a card plan runs: no second subscription billing beside the first', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    // Two tabs on the plans page, both opened while the user was on free.
    const premium = await openCheckout(cookie, 'premium');
    const expert = await openCheckout(cookie, 'expert');
    expect((await succeed(cookie, premium)).statusCode).toBe(200);

    const stale = await succeed(cookie, expert);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      statusCode: 409,
      message: 'Checkout out of date',
    });
    // Still one contract, one charge, and the stale page can be tried again.
    expect(await activeSandboxSubscriptions(user.id)).toHaveLength(1);
    expect(await get(cookie, '/api/subscription')).toMatchObject({
      plan: 'premium',
      tier: 'premium',
      status: 'active',
    });
    const { payments } = await get(cookie, '/api/payments');
    expect(payments.map((p: { plan: string }) => p.plan)).toEqual(['premium']);
    expect((await get(cookie, `/api/payments/checkouts/${expert}`)).status).toBe('open');

    // Buying Expert now is a prorated upgrade of the one subscription.
    const upgrade = await post(cookie, '/api/subscription/checkout', {
      plan: 'expert',
      interval: 'month',
    });
    expect(upgrade.json().kind).toBe('upgrade');
    expect((await succeed(cookie, upgrade.json().checkoutId)).statusCode).toBe(200);
    expect(await activeSandboxSubscriptions(user.id)).toHaveLength(1);
    expect(await get(cookie, '/api/subscription')).toMatchObject({ plan: 'expert' });

    // The stale checkout now fails the tier rule, as any purchase of the plan held.
    expect((await succeed(cookie, expert)).json().message).toBe('Already Subscribed');
  });

  it('is refused while a prepaid crypto term runs, which the card contract would replace', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const card = await openCheckout(cookie, 'expert');
    // Meanwhile a crypto term is paid for and verified.
    const created = await post(cookie, '/api/crypto-payments', {
      plan: 'premium',
      durationMonths: 12,
      coin: 'BTC',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const reported = await post(cookie, `/api/crypto-payments/${id}/paid`, {
      txHash: 'c'.repeat(64),
      senderWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await post(admin, `/api/admin/crypto-payments/${id}/verify`)).statusCode).toBe(200);
    const term = await get(cookie, '/api/subscription');
    expect(term).toMatchObject({ plan: 'premium', paymentMethod: 'crypto' });

    const stale = await succeed(cookie, card);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Prepaid term still running',
      details: { currentPeriodEnd: term.currentPeriodEnd },
    });
    // The paid term is kept whole; no card charge was made.
    expect(await get(cookie, '/api/subscription')).toEqual(term);
    const { payments } = await get(cookie, '/api/payments');
    expect(payments.map((p: { method: string }) => p.method)).toEqual(['crypto']);
  });
});
