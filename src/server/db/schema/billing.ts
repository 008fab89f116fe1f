import { boolean, index, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { userRef, users } from './users.ts';
import { at } from './columns.ts';

/** Plans and their prices in VAT-inclusive euro cents (spec 02 §3, decision 080); seeded. */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  rank: integer('rank').notNull(),
  /** The monthly price (spec's `price`). */
  price: integer('price').notNull(),
  yearlyPrice: integer('yearly_price').notNull(),
  crypto6Price: integer('crypto6_price').notNull(),
  crypto12Price: integer('crypto12_price').notNull(),
  currency: text('currency').notNull().default('EUR'),
  intervalMonths: integer('interval_months').notNull().default(1),
  /** i18n keys of the plan's features. */
  features: jsonb('features').$type<string[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** The plan a row is about (a contract, a purchase, a payment). */
export const planRef = () =>
  text('plan_id')
    .notNull()
    .references(() => subscriptionPlans.id);

/** What a purchase costs: VAT-inclusive euro cents (decision 080) and the currency. */
export const priceColumns = () => ({
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('EUR'),
});

/** A user's current contract, mirrored from its provider (decision 081: one row per user). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: planRef(),
    /** month | year for card plans; null for a prepaid crypto term. */
    interval: text('interval'),
    /** active | past_due | canceled */
    status: text('status').notNull(),
    /** sandbox | stripe | crypto | admin */
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    /** card | sandbox | crypto */
    paymentMethod: text('payment_method').notNull(),
    startDate: at('start_date').notNull().defaultNow(),
    currentPeriodStart: at('current_period_start').notNull(),
    currentPeriodEnd: at('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    scheduledPlanId: text('scheduled_plan_id').references(() => subscriptionPlans.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('subscriptions_provider_sub_key').on(t.provider, t.providerSubscriptionId)],
);

/** A started purchase: what the payment page shows and what its completion buys. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    planId: planRef(),
    interval: text('interval').notNull(),
    /** new | upgrade */
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    ...priceColumns(),
    /** open | completed | declined */
    status: text('status').notNull().default('open'),
    providerSessionId: text('provider_session_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (t) => [index('checkouts_user_idx').on(t.userId, t.createdAt)],
);

/** Every charge, refund state included: the payment history and receipts. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    provider: text('provider').notNull(),
    /** The provider's charge (or invoice) id: a payment is recorded once. */
    providerPaymentId: text('provider_payment_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The provider's payment intent behind the charge: what a refund names. */
    paymentRef: text('payment_ref'),
    planId: planRef(),
    interval: text('interval'),
    durationMonths: integer('duration_months'),
    ...priceColumns(),
    /** card | sandbox | crypto */
    method: text('method').notNull(),
    /** paid | refunded | failed | pending */
    status: text('status').notNull(),
    periodStart: at('period_start'),
    periodEnd: at('period_end'),
    receiptUrl: text('receipt_url'),
    /** Our numbered receipt (ORB-2026-000042), set when the payment is paid (decision 110). */
    receiptNumber: text('receipt_number'),
    createdAt: at('created_at').notNull().defaultNow(),
    refundedAt: at('refunded_at'),
  },
  (t) => [
    unique('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    unique('payments_receipt_number_key').on(t.receiptNumber),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_ref_idx').on(t.provider, t.paymentRef),
  ],
);

/** The last receipt number given out per calendar year (UTC): gapless, one row lock per payment. */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * The sandbox provider's own records (the part Stripe keeps on its side): our `subscriptions`
 * rows are re-fetched from here by the same handlers that re-fetch from Stripe.
 */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  userId: userRef(),
  planId: text('plan_id').notNull(),
  interval: text('interval').notNull(),
  /** active | canceled */
  status: text('status').notNull(),
  currentPeriodStart: at('current_period_start').notNull(),
  currentPeriodEnd: at('current_period_end').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** The plan the next renewal charges (a scheduled downgrade); null = the same plan. */
  nextPlanId: text('next_plan_id'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * The sandbox's record of each upgrade it charged, by its idempotency key (the checkout), as
 * Stripe keeps a request's result per Idempotency-Key: a retry of the same upgrade finds what was
 * charged and reports it again with the same event ids, never charging twice (decision 330).
 */
export const sandboxUpgrades = pgTable('sandbox_upgrades', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  subscriptionId: text('subscription_id')
    .notNull()
    .references(() => sandboxSubscriptions.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  ...priceColumns(),
  /** The period the prorated charge paid for: the subscription's period when it was upgraded. */
  periodStart: at('period_start').notNull(),
  periodEnd: at('period_end').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
