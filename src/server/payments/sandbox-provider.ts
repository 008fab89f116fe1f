import type { Database } from '#server/db/client.ts';
import type { Inbound } from '#server/webhooks/inbound.ts';
import type { PaidPlanId } from '#shared/billing/prices.ts';
import type { BillingInterval, PaymentProvider, PlanPrice } from './payment-provider.ts';
import {
  addInterval,
  invoiceObject,
  sandboxEmitter,
  seconds,
  subscriptionObject,
  wholeSecondNow,
} from './sandbox-events.ts';
import { newSubscriptionRow, providerView, subscriptionIdOf } from './sandbox-records.ts';
import { createSandboxUpgrades } from './sandbox-upgrades.ts';
import {
  advanceSandboxPeriod,
  dueSandboxSubscriptions,
  endSandboxSubscription,
  findSandboxSubscription,
  insertSandboxSubscription,
  updateSandboxSubscription,
  type SandboxSubscriptionRow,
} from './sandbox.queries.ts';

export const SANDBOX = 'sandbox';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The buyer's outcome on the TEST MODE page of a new subscription. */
  completeNew(input: {
    checkoutId: string;
    userId: number;
    price: PlanPrice;
    outcome: 'succeed' | 'decline';
  }): Promise<void>;
  /**
   * Whether a Succeed click on this checkout already charged the buyer here: it made the new
   * subscription (decision 316) or recorded the upgrade under the checkout's id (decision 330).
   * A click now only delivers its events again.
   */
  hasCharged(checkoutId: string): Promise<boolean>;
  /** Renews (or ends, when cancelled) every subscription whose period is over. */
  renewDue(now?: Date): Promise<number>;
  /**
   * Administrator: the period of this subscription ends now; it renews unless cancelled, or
   * renews regardless with `renew`.
   */
  endPeriodNow(subscriptionId: string, options?: { renew?: boolean }): Promise<void>;
  /** Administrator: a full refund of a charge. */
  refund(input: { paymentRef: string; amountCents: number; currency: string }): Promise<void>;
}

/**
 * The built-in card provider for development and demos (decision 082): keeps its own records
 * like Stripe does and reports every change as a signed Stripe-shaped event through the same
 * verification and inbound pipeline; the caller waits until the event's effect is applied.
 */
export function createSandboxProvider(deps: {
  db: Database;
  appSecret: string;
  inbound: Inbound;
  priceOf(planId: PaidPlanId, interval: BillingInterval): Promise<PlanPrice>;
}): SandboxProvider {
  const emit = sandboxEmitter(SANDBOX, deps.appSecret, deps.inbound);
  const upgrades = createSandboxUpgrades({
    db: deps.db,
    emit,
    priceOf: (planId, interval) => deps.priceOf(planId, interval),
  });

  const charge = async (row: SandboxSubscriptionRow, reason: string, eventKey: string) => {
    const price = await deps.priceOf(row.planId as PaidPlanId, row.interval as BillingInterval);
    const invoice = invoiceObject({
      id: `in_sbx_${eventKey}`,
      row,
      amountCents: price.priceCents,
      currency: price.currency,
      reason,
      paymentRef: `pi_sbx_${eventKey}`,
      status: 'paid',
    });
    await emit('invoice.paid', invoice, `evt_sbx_paid_${eventKey}`);
  };

  const periodEnds = async (row: SandboxSubscriptionRow) => {
    const key = `${row.id}_${seconds(row.currentPeriodEnd)}`;
    if (row.cancelAtPeriodEnd) {
      const ended = await endSandboxSubscription(deps.db, row.id, row.currentPeriodEnd);
      if (ended)
        await emit(
          'customer.subscription.deleted',
          subscriptionObject(ended),
          `evt_sbx_end_${key}`,
        );
      return;
    }
    const planId = (row.nextPlanId ?? row.planId) as PaidPlanId;
    const renewed = await advanceSandboxPeriod(deps.db, {
      id: row.id,
      periodEnd: row.currentPeriodEnd,
      nextEnd: addInterval(row.currentPeriodEnd, row.interval as BillingInterval),
      planId,
    });
    if (!renewed) return;
    await charge(renewed, 'subscription_cycle', key);
    await emit('customer.subscription.updated', subscriptionObject(renewed), `evt_sbx_upd_${key}`);
  };

  return {
    name: 'sandbox',
    testMode: true,

    async createCheckout(input) {
      const query = new URLSearchParams({ checkout: input.checkoutId });
      return {
        url: `/payment/${input.price.planId}?${query.toString()}`,
        sessionId: input.checkoutId,
      };
    },

    async completeNew(input) {
      if (input.outcome === 'decline') {
        const now = new Date();
        const row = newSubscriptionRow(input, `sub_sbx_declined_${input.checkoutId}`, now, now);
        row.status = 'incomplete';
        const invoice = invoiceObject({
          id: `in_sbx_${input.checkoutId}`,
          row,
          amountCents: input.price.priceCents,
          currency: input.price.currency,
          reason: 'subscription_create',
          paymentRef: `pi_sbx_${input.checkoutId}`,
          status: 'open',
        });
        await emit('invoice.payment_failed', invoice, `evt_sbx_failed_${input.checkoutId}`);
        return;
      }
      const start = wholeSecondNow();
      const end = addInterval(start, input.price.interval);
      const row = newSubscriptionRow(input, subscriptionIdOf(input.checkoutId), start, end);
      // A second click on the same checkout finds the subscription made by the first.
      const existing = await findSandboxSubscription(deps.db, row.id);
      if (!existing) await insertSandboxSubscription(deps.db, row);
      const current = existing ?? row;
      await emit(
        'checkout.session.completed',
        {
          id: input.checkoutId,
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: input.checkoutId,
          customer: `cus_sbx_${input.userId}`,
          subscription: current.id,
          payment_status: 'paid',
          metadata: { userId: String(input.userId), plan: input.price.planId },
        },
        `evt_sbx_cs_${input.checkoutId}`,
      );
      await charge(current, 'subscription_create', input.checkoutId);
    },

    async hasCharged(checkoutId) {
      const made = await findSandboxSubscription(deps.db, subscriptionIdOf(checkoutId));
      return made !== null || (await upgrades.hasUpgradeOf(checkoutId));
    },

    upgrade: (input) => upgrades.upgrade(input),

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await updateSandboxSubscription(deps.db, subscriptionId, { cancelAtPeriodEnd: cancel });
      const row = await findSandboxSubscription(deps.db, subscriptionId);
      if (row) await emit('customer.subscription.updated', subscriptionObject(row));
    },

    async paymentRefOfInvoice() {
      // The sandbox's invoices name their payment intent themselves.
      return null;
    },

    async scheduleNextPlan(subscriptionId, next) {
      await updateSandboxSubscription(deps.db, subscriptionId, {
        nextPlanId: next?.planId ?? null,
      });
      const row = await findSandboxSubscription(deps.db, subscriptionId);
      if (row) await emit('customer.subscription.updated', subscriptionObject(row));
    },

    async cancelNow(subscriptionId) {
      const ended = await endSandboxSubscription(deps.db, subscriptionId);
      if (ended) await emit('customer.subscription.deleted', subscriptionObject(ended));
    },

    async retrieveSubscription(id, db) {
      const row = await findSandboxSubscription(db, id);
      return row && row.status !== 'incomplete' ? providerView(row) : null;
    },

    async renewDue(now = new Date()) {
      const due = await dueSandboxSubscriptions(deps.db, now);
      for (const row of due) await periodEnds(row);
      return due.length;
    },

    async endPeriodNow(subscriptionId, options = {}) {
      const row = await findSandboxSubscription(deps.db, subscriptionId);
      if (!row || row.status !== 'active') return;
      const now = wholeSecondNow();
      await updateSandboxSubscription(deps.db, row.id, { currentPeriodEnd: now });
      if (options.renew && row.cancelAtPeriodEnd) {
        await updateSandboxSubscription(deps.db, row.id, { cancelAtPeriodEnd: false });
      }
      await periodEnds({
        ...row,
        currentPeriodEnd: now,
        cancelAtPeriodEnd: options.renew ? false : row.cancelAtPeriodEnd,
      });
    },

    async refund(input) {
      await emit(
        'charge.refunded',
        {
          id: `ch_${input.paymentRef}`,
          object: 'charge',
          payment_intent: input.paymentRef,
          amount: input.amountCents,
          amount_refunded: input.amountCents,
          currency: input.currency.toLowerCase(),
          refunded: true,
        },
        `evt_sbx_refund_${input.paymentRef}`,
      );
    },
  };
}
