import type { PaidPlanId } from '#shared/billing/prices.ts';
import type { BillingInterval, PlanPrice, ProviderSubscription } from './payment-provider.ts';
import type { SandboxSubscriptionRow } from './sandbox.queries.ts';

/** The sandbox's own records of subscriptions, as Stripe keeps its (decision 082). */

/** The subscription a checkout of a new plan makes: one per checkout, whatever the clicks. */
export const subscriptionIdOf = (checkoutId: string) => `sub_sbx_${checkoutId}`;

/** The record of a subscription a checkout starts: active from `start` to `end`. */
export function newSubscriptionRow(
  input: { userId: number; price: PlanPrice },
  id: string,
  start: Date,
  end: Date,
): SandboxSubscriptionRow {
  const { planId, interval } = input.price;
  const row = { id, userId: input.userId, planId, interval, status: 'active', createdAt: start };
  return {
    ...row,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: false,
    nextPlanId: null,
  };
}

/** A record as the billing feature reads a provider's subscription. */
export function providerView(row: SandboxSubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    customerId: `cus_sbx_${row.userId}`,
    userId: row.userId,
    planId: row.planId as PaidPlanId,
    interval: row.interval as BillingInterval,
    status: row.status === 'active' ? 'active' : 'canceled',
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    nextPlanId: (row.nextPlanId as PaidPlanId | null) ?? null,
  };
}
