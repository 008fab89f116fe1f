import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundEvents } from '#server/db/schema/inbound-events.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { CANCEL_PROVIDER_SUBSCRIPTION_JOB } from '#server/features/billing/billing-events.ts';
import type { AdminUserDetail } from '#shared/admin/admin-users-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeStripe } from '#tests/support/fake-stripe/fake-stripe-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { TEST_DB } from '#tests/support/test-database.ts';
import { until } from '#tests/support/until.ts';

/**
 * A Stripe Checkout opened before its account was erased and paid after it, or while the erasure
 * runs (decision 315): the erased account gets nothing and Stripe stops billing it.
 */
const WEBHOOK_SECRET = 'whsec_test_erased_account';
let t: TestContext;
let stripe: FakeStripe;
let admin: string;
beforeAll(async () => {
  stripe = await FakeStripe.start();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  admin = (await createSignedInUser(t.db, { isAdmin: true })).cookie;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** A delivery as Stripe makes it: raw JSON with its Stripe-Signature. */
async function deliver(event: object) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return event as { id: string };
}

/** The buyer's Checkout at Stripe, opened while the account still existed. */
async function openCheckout(cookie: string) {
  const checkout = await api(t.app, {
    method: 'POST',
    url: '/api/subscription/checkout',
    cookie,
    payload: { plan: 'expert', interval: 'month' },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  return [...stripe.sessions.values()].at(-1)!.id as string;
}

const erase = (userId: number) =>
  api(t.app, { method: 'DELETE', url: `/api/admin/users/${userId}`, cookie: admin });

const detail = async (userId: number) => {
  const response = await api(t.app, {
    method: 'GET',
    url: `/api/admin/users/${userId}`,
    cookie: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUserDetail>();
};

const cancellations = (subscriptionId: string) =>
  stripe.requestsTo('DELETE', new RegExp(`^/v1/subscriptions/${subscriptionId}$`));

/** Every given event handled, and the cancellation job of the subscription run if it exists. */
async function settled(subscriptionId: string, events: { id: string }[]) {
  await until(
    async () => {
      const handled = await t.db
        .select({ processedAt: inboundEvents.processedAt })
        .from(inboundEvents)
        .where(
          inArray(
            inboundEvents.eventId,
            events.map((event) => event.id),
          ),
        );
      const cancelling = await t.db
        .select({ status: jobs.status })
        .from(jobs)
        .where(
          and(
            eq(jobs.name, CANCEL_PROVIDER_SUBSCRIPTION_JOB),
            eq(jobs.key, `stripe:${subscriptionId}`),
          ),
        );
      return (
        handled.length === events.length &&
        handled.every((row) => row.processedAt !== null) &&
        cancelling.every((job) => job.status === 'done')
      );
    },
    (done) => done,
    { attempts: 400, everyMs: 50 },
  );
}

/** Stripe's events once the subscription is paid: the payment, then the ending our job asked for. */
async function payAndEnd(subscriptionId: string) {
  const paid = await deliver(
    stripe.event('invoice.paid', stripe.invoice(subscriptionId, 2999, 'subscription_create')),
  );
  await until(
    () => cancellations(subscriptionId).length,
    (n) => n > 0,
  );
  expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
  const ended = await deliver(
    stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subscriptionId)!),
  );
  return [paid, ended];
}

/** What the administrator's screen shows of the erased account afterwards. */
async function expectNothingGranted(userId: number, subscriptionId: string) {
  const after = await detail(userId);
  expect(after.user).toMatchObject({ status: 'deleted', effectiveTier: 'free' });
  expect(after.subscription).toMatchObject({ status: 'canceled' });
  // The charge stays in the purchase record, against the anonymised account (decision 313).
  expect(after.payments).toEqual([expect.objectContaining({ amountCents: 2999, status: 'paid' })]);
  // One cancellation, however many events and erasures asked for it.
  expect(cancellations(subscriptionId)).toHaveLength(1);
}

describe('a Checkout of an erased account (decision 315)', () => {
  it('paid after the erasure: nothing is granted and Stripe cancels the subscription at once', async () => {
    const { user, cookie } = await createSignedInUser(t.db, { email: 'late@example.com' });
    const session = await openCheckout(cookie);
    expect((await erase(user.id)).statusCode).toBe(204);

    // The Checkout page was still open in the buyer's browser: they pay on it now.
    const subscriptionId = stripe.completeCheckout(session).id as string;
    const completed = await deliver(
      stripe.event('checkout.session.completed', stripe.sessions.get(session)!),
    );
    const later = await payAndEnd(subscriptionId);
    await settled(subscriptionId, [completed, ...later]);
    await expectNothingGranted(user.id, subscriptionId);
  });

  // PGlite has one connection, so the event's transaction and the erasure's never overlap there.
  it.runIf(TEST_DB === 'postgres')(
    'handled while the erasure commits: it waits for the erasure, then cancels',
    async () => {
      const { user, cookie } = await createSignedInUser(t.db, { email: 'racing@example.com' });
      const session = await openCheckout(cookie);
      const subscriptionId = stripe.completeCheckout(session).id as string;
      // Holds the erasure at its last write, the audit row: the account's row is then locked and
      // erased, the subscriptions already looked at, and nothing committed.
      const holder = new pg.Client({ connectionString: t.database.url });
      // Watches the locks from outside (a transaction sees pg_stat_activity as it first read it).
      const watcher = new pg.Client({ connectionString: t.database.url });
      await Promise.all([holder.connect(), watcher.connect()]);
      const waitingOn = (table: string) =>
        until(
          async () =>
            (
              await watcher.query<{ n: number }>(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'
                   and query ilike $1`,
                [`%"${table}"%`],
              )
            ).rows[0]!.n,
          (n) => n > 0,
          { attempts: 400, everyMs: 25 },
        );
      try {
        await holder.query('begin');
        await holder.query('lock table admin_audit_log in share mode');
        const erasing = erase(user.id);
        await waitingOn('admin_audit_log');
        const completed = await deliver(
          stripe.event('checkout.session.completed', stripe.sessions.get(session)!),
        );
        // The event's job has fetched the subscription and waits for the account's row.
        await waitingOn('users');
        await holder.query('commit');
        expect((await erasing).statusCode).toBe(204);
        const later = await payAndEnd(subscriptionId);
        await settled(subscriptionId, [completed, ...later]);
        await expectNothingGranted(user.id, subscriptionId);
      } finally {
        await Promise.all([holder.end(), watcher.end()]);
      }
    },
  );
});
