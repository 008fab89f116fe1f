import type { Database } from '#server/db/client.ts';
import type { PaymentProvider, PlanPrice } from '#server/payments/payment-provider.ts';
import type { CheckoutDetails, Plan, Subscription } from '#shared/billing/billing-schemas.ts';
import {
  YEARLY_SAVING_PERCENT,
  type BillingInterval,
  type PaidPlanId,
  type PlanId,
} from '#shared/billing/prices.ts';
import { invalid, notFound } from '#shared/errors/app-error.ts';
import { effectiveTier } from '#shared/plans/tiers.ts';
import {
  findBillingUser,
  findPlan,
  findSubscription,
  listPlans,
  type CheckoutRow,
  type PlanRow,
  type SubscriptionRow,
} from './billing.queries.ts';

/** What the billing routes answer: plans, the caller's subscription, a checkout. */

const MODEL_GROUPS: Record<PlanId, Plan['modelGroups']> = {
  free: ['standard'],
  premium: ['standard'],
  expert: ['standard', 'expert_plus'],
  ultimate: ['standard', 'expert_plus', 'ultimate'],
};

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function toPlan(row: PlanRow): Plan {
  const id = row.id as PlanId;
  return {
    id,
    name: row.name,
    rank: row.rank,
    monthlyPriceCents: row.price,
    yearlyPriceCents: row.yearlyPrice,
    crypto6PriceCents: row.crypto6Price,
    crypto12PriceCents: row.crypto12Price,
    currency: row.currency,
    yearlySavingPercent: id === 'free' ? 0 : YEARLY_SAVING_PERCENT,
    features: row.features,
    modelGroups: MODEL_GROUPS[id],
    apiAccess: row.rank >= 2,
  };
}

export async function plansList(db: Database) {
  return (await listPlans(db)).map(toPlan);
}

export async function priceOf(
  db: Database,
  planId: PaidPlanId,
  interval: BillingInterval,
): Promise<PlanPrice> {
  const plan = await findPlan(db, planId);
  if (!plan || plan.rank === 0) throw invalid('Unknown plan', { plan: ['Unknown plan'] });
  return {
    planId,
    name: plan.name,
    interval,
    priceCents: interval === 'year' ? plan.yearlyPrice : plan.price,
    currency: plan.currency,
  };
}

/** A card subscription that still runs and can be changed through its provider. */
export function isRunningCard(row: SubscriptionRow | null, provider: PaymentProvider) {
  return (
    row !== null &&
    row.provider === provider.name &&
    row.providerSubscriptionId !== null &&
    row.status !== 'canceled' &&
    row.currentPeriodEnd.getTime() > Date.now()
  );
}

export async function subscriptionOf(db: Database, userId: number): Promise<Subscription> {
  const user = await findBillingUser(db, userId);
  if (!user) throw notFound('User not found');
  const row = await findSubscription(db, userId);
  const tier = effectiveTier(user) as PlanId;
  const tierExpiry = tier === 'free' ? null : iso(user.subscriptionExpiry);
  if (!row) {
    return {
      plan: tier,
      status: tier === 'free' ? 'none' : 'active',
      interval: null,
      startDate: null,
      currentPeriodEnd: tierExpiry,
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      paymentMethod: tier === 'free' ? null : 'admin',
      tier,
      expiresAt: tierExpiry,
    };
  }
  const ended = row.status === 'canceled' || row.currentPeriodEnd.getTime() <= Date.now();
  return {
    plan: row.planId as PlanId,
    status: ended ? 'canceled' : (row.status as Subscription['status']),
    interval: (row.interval as BillingInterval | null) ?? null,
    startDate: iso(row.startDate),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    scheduledPlan: (row.scheduledPlanId as PlanId | null) ?? null,
    paymentMethod: row.paymentMethod as Subscription['paymentMethod'],
    tier,
    expiresAt: tierExpiry,
  };
}

export function checkoutDetails(
  row: CheckoutRow,
  plan: PlanPrice,
  testMode: boolean,
): CheckoutDetails {
  return {
    checkoutId: row.id,
    plan: row.planId as PaidPlanId,
    planName: plan.name,
    interval: row.interval as BillingInterval,
    kind: row.kind as CheckoutDetails['kind'],
    amountCents: row.amountCents,
    priceCents: plan.priceCents,
    currency: row.currency,
    status: row.status as CheckoutDetails['status'],
    testMode,
  };
}
