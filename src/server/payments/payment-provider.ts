import type { Executor } from '#server/db/client.ts';
import type { BillingInterval, PaidPlanId } from '#shared/billing/prices.ts';

export type { BillingInterval } from '#shared/billing/prices.ts';

/** A subscription as its provider holds it now: what our records converge to (decision 082). */
export interface ProviderSubscription {
  id: string;
  customerId: string | null;
  userId: number;
  planId: PaidPlanId;
  interval: BillingInterval;
  status: 'active' | 'past_due' | 'canceled';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** A lower plan the next renewal switches to (a scheduled downgrade). */
  nextPlanId: PaidPlanId | null;
}

export interface PlanPrice {
  planId: PaidPlanId;
  name: string;
  interval: BillingInterval;
  /** VAT-inclusive cents per interval. */
  priceCents: number;
  currency: string;
}

/**
 * A card payment provider (ARCHITECTURE.md "a provider"): `stripe` with STRIPE_SECRET_KEY, else
 * the built-in `sandbox`. Both report what happened through signed events to the same handlers.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The sandbox: pages must say TEST MODE. */
  readonly testMode: boolean;
  /** A hosted payment page for a new subscription; returns where to send the buyer. */
  createCheckout(input: {
    checkoutId: string;
    userId: number;
    email: string | null;
    customerId: string | null;
    price: PlanPrice;
    /** Our origin, for the provider's return links. */
    origin: string;
  }): Promise<{ url: string; sessionId: string }>;
  /** Switches a running subscription to a higher plan at once, charging the prorated difference. */
  upgrade(input: {
    subscriptionId: string;
    price: PlanPrice;
    /** The plan paid for the running period: what the proration credits back. */
    current: PlanPrice;
    idempotencyKey: string;
  }): Promise<void>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Schedules a lower plan for the next renewal (null: none; `current` is the plan kept). */
  scheduleNextPlan(
    subscriptionId: string,
    next: PlanPrice | null,
    current: PlanPrice,
  ): Promise<void>;
  /** Ends a subscription now (a full refund of the period it runs in). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** The payment intent that paid an invoice (what a later refund names), if not in the event. */
  paymentRefOfInvoice(invoiceId: string): Promise<string | null>;
  /** The subscription as the provider holds it; `db` is the caller's transaction (sandbox). */
  retrieveSubscription(id: string, db: Executor): Promise<ProviderSubscription | null>;
}
