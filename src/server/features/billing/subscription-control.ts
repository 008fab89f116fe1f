import type { Env } from '#server/env.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { SubscriptionControl } from '#server/ports/subscriptions.ts';
import { enqueueProviderCancellation } from './billing-events.ts';
import { findSubscription } from './billing.queries.ts';

/**
 * The provider's cancellation as other features ask for it (ports/subscriptions.ts). The job key
 * is the refund's, so a refund and an erasure send one cancellation. A subscription of another
 * provider than the one the app runs with (the sandbox before a Stripe key was set, say) is left
 * alone: the cancellation job could not reach it.
 */
export function createSubscriptionControl(
  jobs: Jobs,
  env: Pick<Env, 'STRIPE_SECRET_KEY'>,
): SubscriptionControl {
  // As registerBillingRoutes picks the provider: Stripe with its key, else the sandbox.
  const providerName = env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox';
  return {
    async cancelAtProvider(db, userId) {
      const row = await findSubscription(db, userId);
      const subscriptionId = row?.providerSubscriptionId;
      if (!subscriptionId || row.provider !== providerName || row.status === 'canceled') {
        return null;
      }
      await enqueueProviderCancellation(jobs, db, providerName, subscriptionId);
      return subscriptionId;
    },
  };
}
