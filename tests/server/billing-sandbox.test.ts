import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSubscriptions } from '#server/db/schema/billing.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { SANDBOX_RENEWAL_JOB } from '#server/features/billing/billing.routes.ts';
import { INBOUND_EVENT_JOB } from '#server/webhooks/inbound.ts';
import { sendChat } from '#tests/support/chat-helpers.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/** Buying, upgrading, downgrading, cancelling and refunding in the TEST MODE sandbox (issue 11). */
let t: TestContext;
let fake: FakeAi;
let admin: string;
beforeAll(async () => {
  ({ t, fake } = await startAppWithFakeAi());
  admin = (await createSignedInUser(t.db, { isAdmin: true })).cookie;
});
afterAll(() => stopAppWithFakeAi({ t, fake }));

const get = async (cookie: string, url: string) => {
  const response = await api(t.app, { method: 'GET', url, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const post = (cookie: string, url: string, payload: object = {}) =>
  api(t.app, { method: 'POST', url, cookie, payload });

/** Starts a checkout and presses an outcome button on the sandbox page. */
async function buy(cookie: string, plan: string, outcome = 'succeed', interval = 'month') {
  const checkout = await post(cookie, '/api/subscription/checkout', { plan, interval });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { checkoutId, url, kind } = checkout.json();
  expect(url).toBe(`/payment/${plan}?checkout=${checkoutId}`);
  const details = await get(cookie, `/api/payments/checkouts/${checkoutId}`);
  const done = await post(cookie, `/api/payments/sandbox/${checkoutId}/complete`, { outcome });
  expect(done.statusCode, done.body).toBe(200);
  return { checkoutId, kind, details };
}

/** Retries an assertion until the job has run (jobs poll every second). */
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

const adminAction = (userId: number, action: string) =>
  post(admin, `/api/admin/sandbox/subscriptions/${userId}/${action}`);

describe('plans', () => {
  it('lists the four plans with server-held cent prices, publicly', async () => {
    const response = await api(t.app, { method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const { plans, provider } = response.json();
    expect(provider).toBe('sandbox');
    expect(
      plans.map((p: Record<string, unknown>) => [
        p.id,
        p.monthlyPriceCents,
        p.yearlyPriceCents,
        p.crypto6PriceCents,
        p.crypto12PriceCents,
        p.apiAccess,
      ]),
    ).toEqual([
      ['free', 0, 0, 0, 0, false],
      ['premium', 1299, 12990, 7015, 12470, false],
      ['expert', 2999, 29990, 16195, 28790, true],
      ['ultimate', 9900, 99000, 53460, 95040, true],
    ]);
    expect(plans[2].modelGroups).toEqual(['standard', 'expert_plus']);
  });
});

describe('sandbox purchase', () => {
  it('activates Expert at once: gpt-4o-mini is allowed, the history window is 20, the payment is listed', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const before = await get(cookie, '/api/models');
    expect(before.models.find((m: { id: string }) => m.id === 'gpt-4o-mini').allowed).toBe(false);

    const { details } = await buy(cookie, 'expert');
    expect(details).toMatchObject({
      plan: 'expert',
      interval: 'month',
      amountCents: 2999,
      priceCents: 2999,
      currency: 'EUR',
      testMode: true,
      status: 'open',
      kind: 'new',
    });

    const subscription = await get(cookie, '/api/subscription');
    expect(subscription).toMatchObject({
      plan: 'expert',
      status: 'active',
      interval: 'month',
      tier: 'expert',
      cancelAtPeriodEnd: false,
      paymentMethod: 'sandbox',
    });
    expect(new Date(subscription.currentPeriodEnd).getTime()).toBeGreaterThan(
      Date.now() + 27 * 86_400_000,
    );

    const after = await get(cookie, '/api/models');
    expect(after.models.find((m: { id: string }) => m.id === 'gpt-4o-mini').allowed).toBe(true);

    const history = Array.from({ length: 40 }, (_, index) => `history ${index}`);
    const { conversation } = await createConversation(t.db, user.id, { messages: history });
    const marker = `[billing-${user.id}]`;
    const chat = await sendChat(t.app, cookie, {
      message: `Question ${marker}`,
      conversationId: conversation.conversationId,
    });
    expect(chat.statusCode).toBe(200);
    expect(fake.requestWith(marker)!.body.messages!.length).toBe(1 + 20 + 1);

    const { payments } = await get(cookie, '/api/payments');
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amountCents: 2999,
      currency: 'EUR',
      method: 'sandbox',
      plan: 'expert',
      interval: 'month',
      status: 'paid',
      receiptNumber: expect.stringMatching(/^ORB-\d{4}-\d{6}$/),
      receiptLink: `/api/payments/${payments[0].id}/receipt`,
    });
  });

  it('refuses the same tier, a lower tier and the free plan', async () => {
    const { cookie } = await createSignedInUser(t.db);
    await buy(cookie, 'expert', 'succeed', 'year');
    const same = await post(cookie, '/api/subscription/checkout', {
      plan: 'expert',
      interval: 'year',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ code: 'CONFLICT', message: 'Already Subscribed' });
    const lower = await post(cookie, '/api/subscription/checkout', {
      plan: 'premium',
      interval: 'month',
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe('Not an Upgrade');
    const free = await post(cookie, '/api/subscription/checkout', {
      plan: 'free',
      interval: 'month',
    });
    expect(free.statusCode).toBe(400);
    expect((await get(cookie, '/api/payments')).payments[0].amountCents).toBe(29990);
  });

  it('a declined payment changes nothing but is listed as failed', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const { checkoutId } = await buy(cookie, 'premium', 'decline');
    expect((await get(cookie, `/api/payments/checkouts/${checkoutId}`)).status).toBe('declined');
    expect(await get(cookie, '/api/subscription')).toMatchObject({
      plan: 'free',
      tier: 'free',
      status: 'none',
    });
    const { payments } = await get(cookie, '/api/payments');
    expect(payments.map((p: { status: string }) => p.status)).toEqual(['failed']);
  });

  it('only the buyer can see or complete a checkout, and only once', async () => {
    const buyer = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    const { checkoutId } = (
      await post(buyer.cookie, '/api/subscription/checkout', { plan: 'premium', interval: 'month' })
    ).json();
    const path = `/api/payments/sandbox/${checkoutId}/complete`;
    expect(
      (
        await api(t.app, {
          method: 'GET',
          url: `/api/payments/checkouts/${checkoutId}`,
          cookie: other.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect((await post(other.cookie, path, { outcome: 'succeed' })).statusCode).toBe(404);
    const [first, second] = await Promise.all([
      post(buyer.cookie, path, { outcome: 'succeed' }),
      post(buyer.cookie, path, { outcome: 'succeed' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await get(buyer.cookie, '/api/payments')).payments).toHaveLength(1);
  });
});

/**
 * Runs `step` while a rule only this buyer meets refuses their payments: the sandbox charges and
 * the plan is granted, then recording the invoice.paid fails (decision 316's technique).
 */
async function refusingPayments(userId: number, step: () => Promise<void>) {
  const rule = `test_refused_payment_${userId}`;
  await t.db.execute(
    sql.raw(`ALTER TABLE payments ADD CONSTRAINT ${rule} CHECK (user_id <> ${userId}) NOT VALID`),
  );
  try {
    await step();
  } finally {
    await t.db.execute(sql.raw(`ALTER TABLE payments DROP CONSTRAINT ${rule}`));
  }
}

/** Runs the invoice.paid's own retrying job now, as it would later in the background. */
async function runPaidEventJob(checkoutId: string) {
  const retry = and(
    eq(jobs.name, INBOUND_EVENT_JOB),
    eq(jobs.key, `sandbox:evt_sbx_paid_${checkoutId}`),
  );
  await t.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(retry, eq(jobs.status, 'queued')));
  // Enqueueing wakes the embedded database's loop, which sleeps until the retry it knew of.
  await t.app.jobs.enqueue('tests.wake', {}, { key: randomUUID() });
  await until(
    async () => (await t.db.select({ status: jobs.status }).from(jobs).where(retry))[0]?.status,
    (status) => status === 'done',
  );
}

describe('a completion that failed halfway (decisions 316, 330)', () => {
  it('a second click on Succeed finishes it: the checkout completed, the payment recorded once', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const checkout = await post(cookie, '/api/subscription/checkout', {
      plan: 'expert',
      interval: 'month',
    });
    const { checkoutId } = checkout.json();
    const complete = `/api/payments/sandbox/${checkoutId}/complete`;
    await refusingPayments(user.id, async () => {
      const first = await post(cookie, complete, { outcome: 'succeed' });
      expect(first.statusCode).toBe(500);
      expect(first.json()).toMatchObject({ message: 'Payment error' });
      // Half applied: the plan is granted, but the checkout is open and nothing is paid.
      expect(await get(cookie, '/api/subscription')).toMatchObject({ tier: 'expert' });
      expect((await get(cookie, `/api/payments/checkouts/${checkoutId}`)).status).toBe('open');
      expect((await get(cookie, '/api/payments')).payments).toEqual([]);
    });

    const second = await post(cookie, complete, { outcome: 'succeed' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'completed', plan: 'expert' });
    expect(await get(cookie, '/api/subscription')).toMatchObject({
      plan: 'expert',
      tier: 'expert',
      status: 'active',
    });
    const paid = (await get(cookie, '/api/payments')).payments;
    expect(paid).toEqual([
      expect.objectContaining({
        amountCents: 2999,
        status: 'paid',
        receiptNumber: expect.stringMatching(/^ORB-\d{4}-\d{6}$/),
      }),
    ]);

    // The event's own job, retrying in the background, then finds it handled.
    await runPaidEventJob(checkoutId);
    expect((await get(cookie, '/api/payments')).payments).toEqual(paid);
  });

  it('Decline after a Succeed that was charged is refused: the buyer finishes it with Succeed', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const { checkoutId } = (
      await post(cookie, '/api/subscription/checkout', { plan: 'premium', interval: 'month' })
    ).json();
    const complete = `/api/payments/sandbox/${checkoutId}/complete`;
    await refusingPayments(user.id, async () => {
      expect((await post(cookie, complete, { outcome: 'succeed' })).statusCode).toBe(500);
    });

    const decline = await post(cookie, complete, { outcome: 'decline' });
    expect(decline.statusCode).toBe(409);
    expect(decline.json()).toMatchObject({
      code: 'CONFLICT',
      statusCode: 409,
      message: 'Payment already made: press Succeed to finish',
    });
    // Nothing was declined: the checkout still open, the plan kept, no failed payment listed.
    // (The invoice.paid's own job may record the payment meanwhile: the rule is gone.)
    expect((await get(cookie, `/api/payments/checkouts/${checkoutId}`)).status).toBe('open');
    expect(await get(cookie, '/api/subscription')).toMatchObject({ tier: 'premium' });
    const listed = (await get(cookie, '/api/payments')).payments;
    expect(listed.filter((p: { status: string }) => p.status !== 'paid')).toEqual([]);

    const succeed = await post(cookie, complete, { outcome: 'succeed' });
    expect(succeed.statusCode, succeed.body).toBe(200);
    expect(succeed.json()).toMatchObject({ status: 'completed' });
    expect((await get(cookie, '/api/payments')).payments).toEqual([
      expect.objectContaining({ amountCents: 1299, status: 'paid' }),
    ]);
    // A completed checkout is not "to be finished": a late Decline is told so.
    const late = await post(cookie, complete, { outcome: 'decline' });
    expect(late.json()).toMatchObject({ message: 'Checkout already completed' });
  });

  it('a second click on Succeed finishes an upgrade that failed halfway: its charge recorded once', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await buy(cookie, 'premium');
    const checkout = await post(cookie, '/api/subscription/checkout', {
      plan: 'ultimate',
      interval: 'month',
    });
    const { checkoutId, kind } = checkout.json();
    expect(kind).toBe('upgrade');
    const complete = `/api/payments/sandbox/${checkoutId}/complete`;
    const plans = async () =>
      (await get(cookie, '/api/payments')).payments.map(
        (p: { plan: string; status: string }) => `${p.plan} ${p.status}`,
      );
    await refusingPayments(user.id, async () => {
      const first = await post(cookie, complete, { outcome: 'succeed' });
      expect(first.statusCode).toBe(500);
      expect(first.json()).toMatchObject({ message: 'Payment error' });
      // Half applied: Ultimate is granted, its charge is not recorded.
      expect(await get(cookie, '/api/subscription')).toMatchObject({ tier: 'ultimate' });
      expect(await plans()).toEqual(['premium paid']);
    });
    // The sandbox charged the upgrade: it can no longer be declined.
    expect((await post(cookie, complete, { outcome: 'decline' })).statusCode).toBe(409);

    const second = await post(cookie, complete, { outcome: 'succeed' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'completed', kind: 'upgrade' });
    expect(await get(cookie, '/api/subscription')).toMatchObject({
      plan: 'ultimate',
      tier: 'ultimate',
      status: 'active',
    });
    const upgrade = (await get(cookie, '/api/payments')).payments.find(
      (p: { plan: string }) => p.plan === 'ultimate',
    );
    // The prorated difference for almost the whole period, as charged on the first click.
    expect(upgrade.amountCents).toBeGreaterThan(8590);
    expect(upgrade.amountCents).toBeLessThanOrEqual(8601);
    expect(upgrade.receiptNumber).toMatch(/^ORB-\d{4}-\d{6}$/);
    expect((await plans()).sort()).toEqual(['premium paid', 'ultimate paid']);

    await runPaidEventJob(checkoutId);
    expect((await plans()).sort()).toEqual(['premium paid', 'ultimate paid']);
  });
});

describe('subscription transitions', () => {
  it('upgrades at once with a prorated charge, keeping the period', async () => {
    const { cookie } = await createSignedInUser(t.db);
    await buy(cookie, 'premium');
    const periodEnd = (await get(cookie, '/api/subscription')).currentPeriodEnd;
    const { kind, details } = await buy(cookie, 'ultimate');
    expect(kind).toBe('upgrade');
    // Almost the whole period is left: nearly the full difference 9900 − 1299.
    expect(details.amountCents).toBeGreaterThan(8590);
    expect(details.amountCents).toBeLessThanOrEqual(8601);
    expect(await get(cookie, '/api/subscription')).toMatchObject({
      plan: 'ultimate',
      tier: 'ultimate',
      currentPeriodEnd: periodEnd,
    });
    const { payments } = await get(cookie, '/api/payments');
    expect(payments.map((p: { plan: string }) => p.plan).sort()).toEqual(['premium', 'ultimate']);
  });

  it('a downgrade waits for the end of the term, then renews at the lower price', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await buy(cookie, 'ultimate');
    const up = await post(cookie, '/api/subscription/downgrade', { plan: 'ultimate' });
    expect(up.statusCode).toBe(409);
    const down = await post(cookie, '/api/subscription/downgrade', { plan: 'premium' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({
      plan: 'ultimate',
      tier: 'ultimate',
      scheduledPlan: 'premium',
    });

    expect((await adminAction(user.id, 'period-end')).statusCode).toBe(200);
    expect(await get(cookie, '/api/subscription')).toMatchObject({
      plan: 'premium',
      tier: 'premium',
      scheduledPlan: null,
      status: 'active',
    });
    const { payments } = await get(cookie, '/api/payments');
    expect(payments[0]).toMatchObject({ plan: 'premium', amountCents: 1299, status: 'paid' });
  });

  it('cancel keeps access to the period end, resume undoes it, the end of a cancelled period ends access', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await buy(cookie, 'premium');
    const cancelled = await post(cookie, '/api/subscription/cancel');
    expect(cancelled.json()).toMatchObject({
      cancelAtPeriodEnd: true,
      tier: 'premium',
      status: 'active',
    });
    expect((await post(cookie, '/api/subscription/resume')).json()).toMatchObject({
      cancelAtPeriodEnd: false,
    });

    // Renewal while not cancelled: a second payment, a new period.
    const renewed = await adminAction(user.id, 'renew');
    expect(renewed.json()).toMatchObject({ tier: 'premium', status: 'active' });
    expect((await get(cookie, '/api/payments')).payments).toHaveLength(2);

    await post(cookie, '/api/subscription/cancel');
    await adminAction(user.id, 'period-end');
    expect(await get(cookie, '/api/subscription')).toMatchObject({
      status: 'canceled',
      tier: 'free',
    });
    expect((await get(cookie, '/api/payments')).payments).toHaveLength(2);
    expect((await post(cookie, '/api/subscription/cancel')).statusCode).toBe(409);
  });

  it('a full refund ends the access it paid for', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await buy(cookie, 'expert');
    expect((await adminAction(user.id, 'refund')).json()).toMatchObject({
      tier: 'free',
      status: 'canceled',
    });
    const { payments } = await get(cookie, '/api/payments');
    expect(payments[0].status).toBe('refunded');
    // Buying again works after the refund.
    await buy(cookie, 'premium');
    expect(await get(cookie, '/api/subscription')).toMatchObject({
      plan: 'premium',
      tier: 'premium',
    });
  });

  it('the renewal job charges a period that has ended, and ends a cancelled one', async () => {
    const renewing = await createSignedInUser(t.db);
    const cancelling = await createSignedInUser(t.db);
    await buy(renewing.cookie, 'premium');
    await buy(cancelling.cookie, 'expert');
    await post(cancelling.cookie, '/api/subscription/cancel');
    // A month passes at the provider: both periods are over.
    const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    for (const { user } of [renewing, cancelling]) {
      await t.db
        .update(sandboxSubscriptions)
        .set({ currentPeriodEnd: past })
        .where(eq(sandboxSubscriptions.userId, user.id));
    }
    // The scheduled job's run, taken now instead of at the next minute.
    await t.app.jobs.enqueue(SANDBOX_RENEWAL_JOB, {});
    await eventually(async () => {
      expect((await get(renewing.cookie, '/api/payments')).payments).toHaveLength(2);
      expect(await get(cancelling.cookie, '/api/subscription')).toMatchObject({
        tier: 'free',
        status: 'canceled',
      });
    });
    const renewed = await get(renewing.cookie, '/api/subscription');
    expect(renewed).toMatchObject({ tier: 'premium', status: 'active' });
    expect(new Date(renewed.currentPeriodEnd).getTime()).toBeGreaterThan(
      Date.now() + 27 * 86_400_000,
    );
    expect((await get(cancelling.cookie, '/api/payments')).payments).toHaveLength(1);
  });

  it('sandbox administration is for administrators only', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    expect(
      (await post(cookie, `/api/admin/sandbox/subscriptions/${user.id}/renew`)).statusCode,
    ).toBe(403);
  });
});
