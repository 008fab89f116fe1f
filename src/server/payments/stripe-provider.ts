import Stripe from 'stripe';
import type { PaidPlanId } from '#shared/billing/prices.ts';
import type { PaymentProvider, PlanPrice, ProviderSubscription } from './payment-provider.ts';

const PRODUCT_PREFIX = 'orbit_plan_';

/** The SDK pointed at STRIPE_API_BASE when given (stripe-mock, the tests' fake Stripe API). */
export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

function statusOf(status: Stripe.Subscription.Status): ProviderSubscription['status'] | null {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'incomplete') return null;
  return 'canceled';
}

/**
 * The lower plan a scheduled downgrade switches to, while the paid plan's period still runs: the
 * metadata names it (scheduleNextPlan) until a period starting at or after `next_plan_from`.
 */
function nextPlanOf(
  subscription: Stripe.Subscription,
  item: Stripe.SubscriptionItem,
): PaidPlanId | null {
  const { next_plan: next, next_plan_from: from } = subscription.metadata;
  if (!next) return null;
  return item.current_period_start >= Number(from || Infinity) ? null : (next as PaidPlanId);
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Card payments through Stripe: Checkout in subscription mode, VAT-inclusive inline prices on one
 * product per plan, upgrades with immediate proration, cancel at period end. A scheduled downgrade
 * lowers the item's price without proration (the next invoice charges it) and keeps the paid plan
 * in metadata until the next period starts (decision 081).
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  const products = new Set<string>();

  const productOf = async (price: PlanPrice) => {
    const id = `${PRODUCT_PREFIX}${price.planId}`;
    if (products.has(id)) return id;
    try {
      await stripe.products.retrieve(id);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      await stripe.products.create({ id, name: `Orbit Chat ${price.name}` });
    }
    products.add(id);
    return id;
  };

  const priceData = async (price: PlanPrice) => ({
    currency: price.currency.toLowerCase(),
    product: await productOf(price),
    unit_amount: price.priceCents,
    recurring: { interval: price.interval },
    tax_behavior: 'inclusive' as const,
  });

  const firstItem = async (subscriptionId: string) => {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
    return { subscription, item };
  };

  return {
    name: 'stripe',
    testMode: false,

    async createCheckout(input) {
      const { price } = input;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: input.checkoutId,
          ...(input.customerId
            ? { customer: input.customerId, customer_update: { name: 'auto', address: 'auto' } }
            : input.email
              ? { customer_email: input.email }
              : {}),
          line_items: [{ quantity: 1, price_data: await priceData(price) }],
          metadata: {
            userId: String(input.userId),
            plan: price.planId,
            checkoutId: input.checkoutId,
          },
          subscription_data: { metadata: { userId: String(input.userId), plan: price.planId } },
          tax_id_collection: { enabled: true },
          success_url: `${input.origin}/subscription?checkout=success`,
          cancel_url: `${input.origin}/pricing?checkout=cancelled`,
        },
        { idempotencyKey: `checkout-${input.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { url: session.url, sessionId: session.id };
    },

    async upgrade(input) {
      const { subscription, item } = await firstItem(input.subscriptionId);
      // A scheduled downgrade has lowered the item's price already, and Stripe prorates from the
      // item's price: it would credit the lower plan, not the one paid for this period. The paid
      // price goes back first, without proration; the upgrade replaces the downgrade anyway
      // (decision 335).
      if (nextPlanOf(subscription, item)) {
        await stripe.subscriptions.update(
          input.subscriptionId,
          {
            items: [{ id: item.id, price_data: await priceData(input.current) }],
            proration_behavior: 'none',
            metadata: { plan: input.current.planId, next_plan: '', next_plan_from: '' },
          },
          { idempotencyKey: `${input.idempotencyKey}-paid-price` },
        );
      }
      await stripe.subscriptions.update(
        input.subscriptionId,
        {
          items: [{ id: item.id, price_data: await priceData(input.price) }],
          proration_behavior: 'always_invoice',
          metadata: { plan: input.price.planId, next_plan: '', next_plan_from: '' },
        },
        { idempotencyKey: input.idempotencyKey },
      );
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    async scheduleNextPlan(subscriptionId, next, current) {
      const { item } = await firstItem(subscriptionId);
      await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price_data: await priceData(next ?? current) }],
        proration_behavior: 'none',
        metadata: {
          plan: current.planId,
          next_plan: next?.planId ?? '',
          next_plan_from: next ? String(item.current_period_end) : '',
        },
      });
    },

    async cancelNow(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },

    async paymentRefOfInvoice(invoiceId) {
      const list = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 1 });
      return idOf(list.data[0]?.payment.payment_intent);
    },

    async retrieveSubscription(id) {
      let subscription: Stripe.Subscription;
      try {
        subscription = await stripe.subscriptions.retrieve(id);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null;
        }
        throw error;
      }
      const status = statusOf(subscription.status);
      const item = subscription.items.data[0];
      const userId = Number(subscription.metadata.userId);
      if (!status || !item || !Number.isInteger(userId)) return null;
      const meta = subscription.metadata;
      const next = nextPlanOf(subscription, item);
      const switched = Boolean(meta.next_plan) && !next;
      const planId = (switched ? meta.next_plan : meta.plan) as PaidPlanId;
      return {
        id: subscription.id,
        customerId: idOf(subscription.customer),
        userId,
        planId,
        interval: item.price.recurring?.interval === 'year' ? 'year' : 'month',
        status,
        currentPeriodStart: new Date(item.current_period_start * 1000),
        currentPeriodEnd: new Date(item.current_period_end * 1000),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        nextPlanId: next,
      };
    },
  };
}
