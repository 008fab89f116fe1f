import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeStripe, type RecordedRequest } from '#tests/support/fake-stripe/fake-stripe-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Stripe mode against the fake Stripe API (billing review). */
const WEBHOOK_SECRET = 'whsec_test_orbit_review';
let t: TestContext;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await FakeStripe.start();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

function deliver(event: object) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

async function eventually(check: () => Promise<void>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await check();
    } catch (error) {
      if (attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const get = async (cookie: string, url: string) =>
  (await api(t.app, { method: 'GET', url, cookie })).json();
const post = (cookie: string, url: string, payload: object = {}) =>
  api(t.app, { method: 'POST', url, cookie, payload });

/** A user who bought `plan` through Stripe Checkout, its events handled. */
async function subscribed(plan: string, amount: number) {
  const { cookie } = await createSignedInUser(t.db, { email: `r${Date.now()}@example.com` });
  const checkout = await post(cookie, '/api/subscription/checkout', { plan, interval: 'month' });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const session = [...stripe.sessions.values()].at(-1)!;
  const subscription = stripe.completeCheckout(session.id as string);
  await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(session.id)!));
  const invoice = stripe.invoice(subscription.id as string, amount, 'subscription_create');
  await deliver(stripe.event('invoice.paid', invoice));
  await eventually(async () =>
    expect((await get(cookie, '/api/payments')).payments).toHaveLength(1),
  );
  return { cookie, id: subscription.id as string };
}

/** The item's price at Stripe just before `request`, replayed from the updates sent before it. */
function itemPriceBefore(updates: RecordedRequest[], request: RecordedRequest, start: number) {
  let price = start;
  for (const update of updates.slice(0, updates.indexOf(request))) {
    const amount = (
      update.params.items as { price_data?: { unit_amount?: string } }[] | undefined
    )?.at(0)?.price_data?.unit_amount;
    if (amount !== undefined) price = Number(amount);
  }
  return price;
}

describe('an upgrade after a scheduled downgrade', () => {
  it('is prorated from the plan paid for this period, not the lower one scheduled next', async () => {
    const { cookie, id } = await subscribed('expert', 2999);
    const down = await post(cookie, '/api/subscription/downgrade', { plan: 'premium' });
    expect(down.json()).toMatchObject({ plan: 'expert', scheduledPlan: 'premium' });

    const up = await post(cookie, '/api/subscription/checkout', {
      plan: 'ultimate',
      interval: 'month',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ kind: 'upgrade' });
    // Stripe prorates an always_invoice change from the item's price at that moment: it credits
    // the unused part of that price. The buyer paid Expert (29.99 €) for this period.
    const updates = stripe.requestsTo('POST', new RegExp(`/v1/subscriptions/${id}$`));
    const upgrade = updates.find((u) => u.params.proration_behavior === 'always_invoice')!;
    expect(upgrade.params).toMatchObject({
      items: [{ price_data: { unit_amount: '9900' } }],
      metadata: { plan: 'ultimate' },
    });
    expect(itemPriceBefore(updates, upgrade, 2999)).toBe(2999);
    // Only the upgrade charges: no other change of the item's price prorates.
    const pricing = updates.filter((u) => u.params.items !== undefined);
    expect(pricing.filter((u) => u.params.proration_behavior !== 'none')).toEqual([upgrade]);

    expect(await get(cookie, '/api/subscription')).toMatchObject({
      plan: 'ultimate',
      tier: 'ultimate',
      scheduledPlan: null,
    });
    // The next period at Stripe is Ultimate, as the subscription page says.
    expect(stripe.subscriptions.get(id)!.items.data[0].price.unit_amount).toBe(9900);
  });
});
