import { randomUUID } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundEvents } from '#server/db/schema/inbound-events.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { INBOUND_EVENT_JOB } from '#server/webhooks/inbound.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeStripe } from '#tests/support/fake-stripe/fake-stripe-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/** Stripe mode against a fake Stripe API on 127.0.0.1, with events signed by the SDK (issue 11). */
const WEBHOOK_SECRET = 'whsec_test_orbit_commerce';
let t: TestContext;
let stripe: FakeStripe;
let edge: StripeEdge;
beforeAll(async () => {
  stripe = await FakeStripe.start();
  edge = await startStripeEdge(stripe.url);
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: edge.url,
  });
});
afterAll(async () => {
  await t.close();
  await edge.close();
  await stripe.close();
});

interface StripeEdge {
  url: string;
  /** While true, Stripe's API fails every request on its side. */
  down: boolean;
  close(): Promise<void>;
}

/**
 * Stripe's API as the app reaches it: the fake behind a pass-through that can have an outage,
 * answered as Stripe answers a failure on its side (500 `api_error`; `Stripe-Should-Retry: false`
 * makes the SDK give up at once rather than retry within the attempt).
 */
async function startStripeEdge(target: string): Promise<StripeEdge> {
  const server = createServer((incoming, outgoing) => {
    if (started.down) {
      incoming.resume();
      outgoing.writeHead(500, {
        'content-type': 'application/json',
        'stripe-should-retry': 'false',
      });
      outgoing.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } }));
      return;
    }
    // A connection of its own per request: no idle upstream socket to be closed under it.
    const upstream = request(
      new URL(incoming.url!, target),
      {
        method: incoming.method,
        headers: { ...incoming.headers, connection: 'close' },
        agent: false,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const started: StripeEdge = {
    url: `http://127.0.0.1:${port}`,
    down: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return started;
}

/** A delivery as Stripe makes it: raw JSON, Stripe-Signature, no cookie and no CSRF marker. */
function deliver(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

/** Retries an assertion until the event job has run (jobs poll every second). */
async function eventually<T>(check: () => Promise<T>): Promise<T> {
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

/** A user who bought `plan` through Stripe Checkout; the two events have been handled. */
/** Stripe's charge of a 29.99 € invoice, refunded in full. */
const fullRefundOf = (invoice: { id?: unknown }) => ({
  id: stripe.id('ch'),
  object: 'charge',
  amount: 2999,
  amount_refunded: 2999,
  refunded: true,
  currency: 'eur',
  payment_intent: stripe.invoicePayments.get(invoice.id as string),
});

async function subscribed(plan = 'expert', amount = 2999) {
  const { user, cookie } = await createSignedInUser(t.db, {
    email: `u${Date.now()}${Math.random()}@example.com`,
  });
  const checkout = await post(cookie, '/api/subscription/checkout', { plan, interval: 'month' });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const session = [...stripe.sessions.values()].at(-1)!;
  const subscription = stripe.completeCheckout(session.id as string);
  expect(
    (await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(session.id)!)))
      .statusCode,
  ).toBe(200);
  const invoice = stripe.invoice(subscription.id as string, amount, 'subscription_create');
  expect((await deliver(stripe.event('invoice.paid', invoice))).statusCode).toBe(200);
  await eventually(async () =>
    expect((await get(cookie, '/api/payments')).payments).toHaveLength(1),
  );
  return { user, cookie, session, subscription, invoice, checkout: checkout.json() };
}

describe('Stripe Checkout', () => {
  it('opens Checkout in subscription mode with the server price, VAT-inclusive, and activates on the events', async () => {
    const { cookie, session, checkout, user } = await subscribed('expert');
    expect(checkout.url).toBe(session.url);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: checkout.checkoutId,
      metadata: { userId: String(user.id), plan: 'expert' },
      subscription_data: { metadata: { userId: String(user.id), plan: 'expert' } },
      tax_id_collection: { enabled: 'true' },
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '2999',
            tax_behavior: 'inclusive',
            product: 'orbit_plan_expert',
            recurring: { interval: 'month' },
          },
        },
      ],
    });
    const created = stripe.requestsTo('POST', /^\/v1\/checkout\/sessions$/).at(-1)!;
    expect(created.idempotencyKey).toBe(`checkout-${checkout.checkoutId}`);

    expect(await get(cookie, '/api/subscription')).toMatchObject({
      plan: 'expert',
      tier: 'expert',
      status: 'active',
      paymentMethod: 'card',
    });
    // Marked by checkout.session.completed, whose job may end after invoice.paid's.
    await eventually(async () =>
      expect((await get(cookie, `/api/payments/checkouts/${checkout.checkoutId}`)).status).toBe(
        'completed',
      ),
    );
    const models = await get(cookie, '/api/models');
    expect(models.models.find((m: { id: string }) => m.id === 'gpt-4o-mini').allowed).toBe(true);
    expect((await get(cookie, '/api/payments')).payments[0]).toMatchObject({
      amountCents: 2999,
      method: 'card',
      status: 'paid',
      receiptUrl: expect.stringContaining('invoice.stripe.test'),
      // Our own numbered receipt too (decision 110).
      receiptNumber: expect.stringMatching(/^ORB-\d{4}-\d{6}$/),
    });
  });

  it('has no sandbox: its completion route is 404', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const response = await post(cookie, '/api/payments/sandbox/co_x/complete', {
      outcome: 'succeed',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('webhook verification', () => {
  const stored = async () => (await t.db.select({ n: count() }).from(inboundEvents))[0]!.n;

  it('refuses a bad signature and a stale timestamp with 400 and stores nothing', async () => {
    const { cookie, subscription } = await subscribed('premium', 1299);
    const before = await stored();
    const event = stripe.event('customer.subscription.deleted', {
      ...subscription,
      status: 'canceled',
    });
    stripe.subscriptions.get(subscription.id as string)!.status = 'canceled';
    expect((await deliver(event, { secret: 'whsec_wrong' })).statusCode).toBe(400);
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await stored()).toBe(before);
    expect(await get(cookie, '/api/subscription')).toMatchObject({ tier: 'premium' });
    const rows = await t.db
      .select()
      .from(inboundEvents)
      .where(eq(inboundEvents.eventId, event.id as string));
    expect(rows).toEqual([]);
    // The same event correctly signed is then handled.
    expect((await deliver(event)).statusCode).toBe(200);
    await eventually(async () => {
      const [row] = await t.db
        .select()
        .from(inboundEvents)
        .where(eq(inboundEvents.eventId, event.id as string));
      expect(row?.processedAt).not.toBeNull();
    });
    expect(await get(cookie, '/api/subscription')).toMatchObject({ tier: 'free' });
  });

  it('handles a redelivered event once', async () => {
    const { cookie, subscription } = await subscribed('premium', 1299);
    stripe.renew(subscription.id as string);
    const event = stripe.event(
      'invoice.paid',
      stripe.invoice(subscription.id as string, 1299, 'subscription_cycle'),
    );
    const first = await deliver(event);
    const second = await deliver(event);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(second.json()).toEqual({ received: true, duplicate: true });
    await eventually(async () =>
      expect((await get(cookie, '/api/payments')).payments).toHaveLength(2),
    );
    expect((await get(cookie, '/api/payments')).payments).toHaveLength(2);
  });
});

describe('subscription events', () => {
  it('renewal extends access to the new period end', async () => {
    const { cookie, subscription } = await subscribed('premium', 1299);
    const before = (await get(cookie, '/api/subscription')).currentPeriodEnd;
    stripe.renew(subscription.id as string);
    await deliver(
      stripe.event(
        'invoice.paid',
        stripe.invoice(subscription.id as string, 1299, 'subscription_cycle'),
      ),
    );
    await eventually(async () => {
      const now = await get(cookie, '/api/subscription');
      expect(new Date(now.expiresAt).getTime()).toBeGreaterThan(
        new Date(before).getTime() + 27 * 86_400_000,
      );
    });
  });

  it('events out of order converge on the subscription as Stripe holds it now', async () => {
    const { cookie, subscription } = await subscribed('premium', 1299);
    const early = stripe.event('customer.subscription.updated', subscription);
    stripe.renew(subscription.id as string);
    const late = stripe.event(
      'customer.subscription.updated',
      stripe.subscriptions.get(subscription.id as string)!,
    );
    await deliver(late);
    await deliver(early);
    const end = new Date(
      stripe.subscriptions.get(subscription.id as string)!.items.data[0].current_period_end * 1000,
    ).toISOString();
    await eventually(async () => {
      const [row] = await t.db
        .select()
        .from(inboundEvents)
        .where(eq(inboundEvents.eventId, early.id as string));
      expect(row?.processedAt).not.toBeNull();
    });
    expect((await get(cookie, '/api/subscription')).currentPeriodEnd).toBe(end);
  });

  it('upgrades at once through a prorated subscription update with an idempotency key', async () => {
    const { cookie, subscription } = await subscribed('premium', 1299);
    const response = await post(cookie, '/api/subscription/checkout', {
      plan: 'ultimate',
      interval: 'month',
    });
    expect(response.json()).toMatchObject({ kind: 'upgrade' });
    const update = stripe
      .requestsTo('POST', new RegExp(`/v1/subscriptions/${subscription.id}$`))
      .at(-1)!;
    expect(update.params).toMatchObject({
      proration_behavior: 'always_invoice',
      metadata: { plan: 'ultimate' },
      items: [{ price_data: { unit_amount: '9900', tax_behavior: 'inclusive' } }],
    });
    expect(update.idempotencyKey).toBe(`upgrade-${response.json().checkoutId}`);
    expect(await get(cookie, '/api/subscription')).toMatchObject({
      plan: 'ultimate',
      tier: 'ultimate',
    });
  });

  it('a downgrade keeps the paid plan to the end of the term; the next period is the lower plan', async () => {
    const { cookie, subscription } = await subscribed('ultimate', 9900);
    const id = subscription.id as string;
    const response = await post(cookie, '/api/subscription/downgrade', { plan: 'premium' });
    expect(response.json()).toMatchObject({
      plan: 'ultimate',
      tier: 'ultimate',
      scheduledPlan: 'premium',
    });
    // Stripe bills the lower price from the next invoice on, without proration now.
    const update = stripe.requestsTo('POST', new RegExp(`/v1/subscriptions/${id}$`)).at(-1)!;
    expect(update.params).toMatchObject({
      proration_behavior: 'none',
      items: [{ price_data: { unit_amount: '1299' } }],
    });
    stripe.renew(id);
    await deliver(stripe.event('invoice.paid', stripe.invoice(id, 1299, 'subscription_cycle')));
    await eventually(async () =>
      expect(await get(cookie, '/api/subscription')).toMatchObject({
        plan: 'premium',
        tier: 'premium',
        scheduledPlan: null,
      }),
    );
    const { payments } = await get(cookie, '/api/payments');
    expect(payments[0]).toMatchObject({ plan: 'premium', amountCents: 1299 });
  });

  it('cancel sets cancel_at_period_end; deletion at the end ends access', async () => {
    const { cookie, subscription } = await subscribed('expert');
    expect((await post(cookie, '/api/subscription/cancel')).json()).toMatchObject({
      cancelAtPeriodEnd: true,
      tier: 'expert',
    });
    expect(stripe.subscriptions.get(subscription.id as string)!.cancel_at_period_end).toBe(true);
    stripe.subscriptions.get(subscription.id as string)!.status = 'canceled';
    await deliver(
      stripe.event(
        'customer.subscription.deleted',
        stripe.subscriptions.get(subscription.id as string)!,
      ),
    );
    await eventually(async () =>
      expect(await get(cookie, '/api/subscription')).toMatchObject({
        status: 'canceled',
        tier: 'free',
      }),
    );
  });

  it('a full refund ends the access it paid for and cancels the subscription at Stripe', async () => {
    const { cookie, subscription, invoice } = await subscribed('expert');
    await deliver(stripe.event('charge.refunded', fullRefundOf(invoice)));
    await eventually(async () =>
      expect(await get(cookie, '/api/subscription')).toMatchObject({
        tier: 'free',
        status: 'canceled',
      }),
    );
    expect((await get(cookie, '/api/payments')).payments[0].status).toBe('refunded');
    await eventually(async () =>
      expect(stripe.subscriptions.get(subscription.id as string)!.status).toBe('canceled'),
    );
  });

  it('a partial refund keeps the access', async () => {
    const { cookie, invoice } = await subscribed('expert');
    const charge = {
      id: stripe.id('ch'),
      object: 'charge',
      amount: 2999,
      amount_refunded: 1000,
      refunded: false,
      currency: 'eur',
      payment_intent: stripe.invoicePayments.get(invoice.id as string),
    };
    const event = stripe.event('charge.refunded', charge);
    await deliver(event);
    await eventually(async () => {
      const [row] = await t.db
        .select()
        .from(inboundEvents)
        .where(eq(inboundEvents.eventId, event.id as string));
      expect(row?.processedAt).not.toBeNull();
    });
    expect(await get(cookie, '/api/subscription')).toMatchObject({
      tier: 'expert',
      status: 'active',
    });
  });
});

describe('an event is never lost (decision 311)', () => {
  /** The jobs that handle a stored event, oldest first. */
  const jobsOf = async (event: Record<string, unknown>) => {
    const [stored] = await t.db
      .select({ id: inboundEvents.id })
      .from(inboundEvents)
      .where(eq(inboundEvents.eventId, event.id as string));
    return t.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.name, INBOUND_EVENT_JOB),
          sql`${jobs.payload} ->> 'id' = ${String(stored!.id)}`,
        ),
      )
      .orderBy(jobs.id);
  };
  /** Time passes: every event job waiting out its backoff is due now, and the job loop knows. */
  const elapseBackoff = async () => {
    await t.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.name, INBOUND_EVENT_JOB), eq(jobs.status, 'queued')));
    // Enqueueing wakes the embedded database's loop, which sleeps until the retry it knew of.
    await t.app.jobs.enqueue('tests.wake', {}, { key: randomUUID() });
  };
  /** Every event job has run to its end (done, or failed for good). */
  const settled = () =>
    until(
      async () =>
        (
          await t.db
            .select({ n: count() })
            .from(jobs)
            .where(
              and(eq(jobs.name, INBOUND_EVENT_JOB), inArray(jobs.status, ['queued', 'running'])),
            )
        )[0]!.n,
      (n) => n === 0,
      { attempts: 400, everyMs: 50 },
    );

  it('a payment whose handling met a Stripe outage for its whole retry budget is recorded once when Stripe redelivers it', async () => {
    const { cookie, subscription } = await subscribed('premium', 1299);
    const before = (await get(cookie, '/api/subscription')).expiresAt;
    stripe.renew(subscription.id as string);
    const event = stripe.event(
      'invoice.paid',
      stripe.invoice(subscription.id as string, 1299, 'subscription_cycle'),
    );
    edge.down = true;
    try {
      expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
      // Each attempt meets the outage; its backoff passes at once until the job gives up.
      await until(
        async () => {
          const [job] = await jobsOf(event);
          if (job?.status === 'queued') await elapseBackoff();
          return job?.status;
        },
        (status) => status === 'failed',
        { attempts: 600, everyMs: 50 },
      );
    } finally {
      edge.down = false;
    }
    expect((await get(cookie, '/api/payments')).payments).toHaveLength(1);

    // Stripe redelivers it (twice at once), its API healthy again.
    const redeliveries = await Promise.all([deliver(event), deliver(event)]);
    for (const answer of redeliveries) {
      expect(answer.json()).toEqual({ received: true, duplicate: true });
    }
    await eventually(async () =>
      expect((await get(cookie, '/api/payments')).payments).toHaveLength(2),
    );
    await settled();
    const { payments } = await get(cookie, '/api/payments');
    expect(payments).toHaveLength(2);
    expect(payments[0]).toMatchObject({ amountCents: 1299, status: 'paid' });
    const after = (await get(cookie, '/api/subscription')).expiresAt;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime() + 27 * 86_400_000);

    // A later redelivery of the handled event changes nothing and asks Stripe nothing.
    const asked = stripe.requests.length;
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    await settled();
    expect(stripe.requests.length).toBe(asked);
    expect((await get(cookie, '/api/payments')).payments).toEqual(payments);
  });

  it('a refund delivered before the payment it refunds is applied once that payment is recorded', async () => {
    const { cookie, subscription } = await subscribed('expert');
    const id = subscription.id as string;
    stripe.renew(id);
    const invoice = stripe.invoice(id, 2999, 'subscription_cycle');
    const refund = stripe.event('charge.refunded', fullRefundOf(invoice));
    await deliver(refund);
    // Its first run finds no payment to refund yet.
    await until(
      async () => (await jobsOf(refund))[0],
      (job) => job !== undefined && job.attempts >= 1 && job.status !== 'running',
      { attempts: 600, everyMs: 50 },
    );

    await deliver(stripe.event('invoice.paid', invoice));
    await eventually(async () =>
      expect((await get(cookie, '/api/payments')).payments).toHaveLength(2),
    );
    await elapseBackoff();
    await eventually(async () =>
      expect(await get(cookie, '/api/subscription')).toMatchObject({
        tier: 'free',
        status: 'canceled',
      }),
    );
    const { payments } = await get(cookie, '/api/payments');
    expect(payments.map((p: { status: string }) => p.status)).toEqual(['refunded', 'paid']);
    await eventually(async () => expect(stripe.subscriptions.get(id)!.status).toBe('canceled'));

    // Redelivered, it is applied no second time: one cancellation at Stripe.
    expect((await deliver(refund)).json()).toEqual({ received: true, duplicate: true });
    await settled();
    expect((await get(cookie, '/api/payments')).payments).toEqual(payments);
    expect(stripe.requestsTo('DELETE', new RegExp(`/v1/subscriptions/${id}$`))).toHaveLength(1);
  });
});
