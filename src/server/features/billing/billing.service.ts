import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import type { PaymentProvider } from '#server/payments/payment-provider.ts';
import type { SandboxProvider } from '#server/payments/sandbox-provider.ts';
import type { CheckoutResponse } from '#shared/billing/billing-schemas.ts';
import {
  prorationCents,
  type BillingInterval,
  type PaidPlanId,
  type PlanId,
} from '#shared/billing/prices.ts';
import { AppError, conflict, invalid, notFound } from '#shared/errors/app-error.ts';
import { effectiveTier, tierRank } from '#shared/plans/tiers.ts';
import {
  findBillingUser,
  findCheckout,
  findSubscription,
  insertCheckout,
  transitionCheckout,
  type CheckoutRow,
} from './billing.queries.ts';
import { checkoutDetails, isRunningCard, priceOf, subscriptionOf } from './billing-views.ts';

/** Spec 02 §4: only upgrades are purchases. */
export async function assertUpgrade(db: Database, userId: number, plan: PlanId) {
  if (plan === 'free') {
    throw invalid('The free plan cannot be bought', { plan: ['The free plan cannot be bought'] });
  }
  const user = await findBillingUser(db, userId);
  if (!user) throw notFound('User not found');
  const current = tierRank(effectiveTier(user));
  if (tierRank(plan) === current) throw conflict('Already Subscribed');
  if (tierRank(plan) < current) throw conflict('Not an Upgrade');
  return user;
}

/**
 * A prepaid crypto term still running: a card plan bought over it would replace the user's one
 * subscription row and lose the paid rest of the term (decision 312). A higher plan is bought
 * with crypto then, or by card once the term has ended.
 */
function requireNoPrepaidTerm(row: Awaited<ReturnType<typeof findSubscription>>) {
  if (row?.provider === 'crypto' && row.currentPeriodEnd.getTime() > Date.now()) {
    throw conflict('Prepaid term still running', {
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    });
  }
}

export function createBillingService(deps: {
  db: Database;
  provider: PaymentProvider;
  sandbox: SandboxProvider | null;
  /** Writes the provider's current state now (the payment pipeline's converge). */
  sync(subscriptionId: string): Promise<void>;
}) {
  const { db, provider } = deps;

  const runningCard = async (userId: number) => {
    const row = await findSubscription(db, userId);
    if (!isRunningCard(row, provider)) throw conflict('No active subscription');
    return row!;
  };

  /**
   * The page may have stayed open while the contract changed (another tab, a verified crypto
   * term): Succeed checks what starting this checkout checked. A new subscription beside a
   * running card plan would bill twice, and its provider's events would rewrite our one row
   * with either plan; over a prepaid term it would replace the paid rest (decision 334).
   */
  const requireStillBuyable = async (row: CheckoutRow) => {
    await assertUpgrade(db, row.userId, row.planId as PlanId);
    if (row.kind !== 'new') return;
    const current = await findSubscription(db, row.userId);
    requireNoPrepaidTerm(current);
    if (isRunningCard(current, provider)) throw conflict('Checkout out of date');
  };

  return {
    async checkout(
      userId: number,
      input: { plan: PlanId; interval: BillingInterval },
      origin: string,
    ): Promise<CheckoutResponse> {
      const user = await assertUpgrade(db, userId, input.plan);
      const plan = input.plan as PaidPlanId;
      const current = await findSubscription(db, userId);
      requireNoPrepaidTerm(current);
      const upgrade = isRunningCard(current, provider);
      // An upgrade keeps the running interval and period (decision 081).
      const interval = upgrade ? (current!.interval as BillingInterval) : input.interval;
      const price = await priceOf(db, plan, interval);
      let amountCents = price.priceCents;
      // The plan paid for the running period, which an upgrade's proration credits.
      const old = upgrade ? await priceOf(db, current!.planId as PaidPlanId, interval) : null;
      if (old) {
        amountCents = prorationCents(
          old.priceCents,
          price.priceCents,
          current!.currentPeriodEnd.getTime() - Date.now(),
          current!.currentPeriodEnd.getTime() - current!.currentPeriodStart.getTime(),
        );
      }
      const checkoutId = `co_${randomBytes(16).toString('hex')}`;
      await insertCheckout(db, {
        id: checkoutId,
        userId,
        planId: plan,
        interval,
        kind: upgrade ? 'upgrade' : 'new',
        provider: provider.name,
        amountCents,
        currency: price.currency,
      });
      if (upgrade && !provider.testMode) {
        await provider.upgrade({
          subscriptionId: current!.providerSubscriptionId!,
          price,
          current: old!,
          idempotencyKey: `upgrade-${checkoutId}`,
        });
        await deps.sync(current!.providerSubscriptionId!);
        await transitionCheckout(db, checkoutId, 'open', {
          status: 'completed',
          completedAt: new Date(),
        });
        return { checkoutId, url: '/subscription?upgraded=1', kind: 'upgrade' };
      }
      if (upgrade) {
        const url = `/payment/${plan}?${new URLSearchParams({ checkout: checkoutId }).toString()}`;
        return { checkoutId, url, kind: 'upgrade' };
      }
      const session = await provider.createCheckout({
        checkoutId,
        userId,
        email: user.email,
        customerId: current?.provider === provider.name ? current.providerCustomerId : null,
        price,
        origin,
      });
      await transitionCheckout(db, checkoutId, 'open', { providerSessionId: session.sessionId });
      return { checkoutId, url: session.url, kind: 'new' };
    },

    async checkoutOf(userId: number, checkoutId: string) {
      const row = await findCheckout(db, checkoutId);
      if (!row || row.userId !== userId) throw notFound('Checkout not found');
      const price = await priceOf(db, row.planId as PaidPlanId, row.interval as BillingInterval);
      return checkoutDetails(row, price, provider.testMode);
    },

    /** The TEST MODE page's outcome buttons (the buyer only). */
    async completeSandbox(userId: number, checkoutId: string, outcome: 'succeed' | 'decline') {
      const sandbox = deps.sandbox;
      if (!sandbox) throw notFound('Not found');
      const row = await findCheckout(db, checkoutId);
      if (!row || row.userId !== userId || row.provider !== 'sandbox') {
        throw notFound('Checkout not found');
      }
      const price = await priceOf(db, row.planId as PaidPlanId, row.interval as BillingInterval);
      // A click after one that failed halfway delivers what the sandbox already charged. That
      // one may have granted the plan, so the upgrade rule would refuse it (decisions 316, 330).
      const paid = await sandbox.hasCharged(checkoutId);
      // Nor can a Decline take back that charge, as no provider declines a paid checkout: the
      // buyer finishes it with Succeed (decision 330).
      if (outcome === 'decline' && paid && row.status === 'open') {
        throw conflict('Payment already made: press Succeed to finish');
      }
      if (outcome === 'succeed' && !paid) await requireStillBuyable(row);
      const status = outcome === 'succeed' ? 'completed' : 'declined';
      // Of two clicks at once only one moves the checkout on and charges.
      const taken = await transitionCheckout(db, checkoutId, 'open', {
        status,
        completedAt: new Date(),
      });
      if (!taken) throw conflict('Checkout already completed');
      try {
        if (row.kind === 'upgrade' && outcome === 'succeed') {
          const current = await runningCard(userId);
          await sandbox.upgrade({
            subscriptionId: current.providerSubscriptionId!,
            price,
            current: await priceOf(
              db,
              current.planId as PaidPlanId,
              current.interval as BillingInterval,
            ),
            idempotencyKey: checkoutId,
          });
        } else if (row.kind === 'new') {
          await sandbox.completeNew({ checkoutId, userId, price, outcome });
        }
      } catch (error) {
        await transitionCheckout(db, checkoutId, status, { status: 'open', completedAt: null });
        throw error instanceof AppError
          ? error
          : new AppError('SERVER_ERROR', 500, 'Payment error');
      }
      return checkoutDetails({ ...row, status }, price, true);
    },

    async cancel(userId: number) {
      const row = await runningCard(userId);
      if (!row.cancelAtPeriodEnd) {
        await provider.setCancelAtPeriodEnd(row.providerSubscriptionId!, true);
        await deps.sync(row.providerSubscriptionId!);
      }
      return subscriptionOf(db, userId);
    },

    async resume(userId: number) {
      const row = await runningCard(userId);
      if (row.cancelAtPeriodEnd) {
        await provider.setCancelAtPeriodEnd(row.providerSubscriptionId!, false);
        await deps.sync(row.providerSubscriptionId!);
      }
      return subscriptionOf(db, userId);
    },

    async downgrade(userId: number, plan: PlanId) {
      const row = await runningCard(userId);
      if (tierRank(plan) >= tierRank(row.planId)) throw conflict('Not a Downgrade');
      if (plan === 'free') return this.cancel(userId);
      const interval = row.interval as BillingInterval;
      const next = await priceOf(db, plan, interval);
      const current = await priceOf(db, row.planId as PaidPlanId, interval);
      await provider.scheduleNextPlan(row.providerSubscriptionId!, next, current);
      await deps.sync(row.providerSubscriptionId!);
      return subscriptionOf(db, userId);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
