import { z } from 'zod';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import { PAID_PLAN_IDS, PLAN_IDS } from './prices.ts';

/** Request and response bodies of plans, subscriptions and payments (issue 11, decisions 080–082). */

export const PlanIdSchema = z.enum(PLAN_IDS);
export const PaidPlanIdSchema = z.enum(PAID_PLAN_IDS);
export const BillingIntervalSchema = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof BillingIntervalSchema>;
export const PaymentMethodSchema = z.enum(['card', 'sandbox', 'crypto', 'admin']);
export const ModelGroupSchema = z.enum(['standard', 'expert_plus', 'ultimate']);

/** GET /api/plans (public). Prices in VAT-inclusive euro cents; features are i18n keys. */
export const PlanSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  rank: z.number().int(),
  monthlyPriceCents: z.number().int(),
  yearlyPriceCents: z.number().int(),
  crypto6PriceCents: z.number().int(),
  crypto12PriceCents: z.number().int(),
  currency: z.string(),
  /** Percent a year saves against twelve months ('save 16%'). */
  yearlySavingPercent: z.number().int(),
  features: z.array(z.string()),
  /** Model groups the plan includes (spec 02 §6: Standard, Expert+, Ultimate). */
  modelGroups: z.array(ModelGroupSchema),
  apiAccess: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;
export const PlanListSchema = z.object({
  plans: z.array(PlanSchema),
  /** 'sandbox' shows the TEST MODE payment page; 'stripe' redirects to Stripe Checkout. */
  provider: z.enum(['sandbox', 'stripe']),
});
export type PlanList = z.infer<typeof PlanListSchema>;

/** GET /api/subscription: the caller's current contract (free without one). */
export const SubscriptionSchema = z.object({
  plan: PlanIdSchema,
  /** active: paid and running; past_due: last renewal failed; canceled: ended; none: free. */
  status: z.enum(['active', 'past_due', 'canceled', 'none']),
  interval: BillingIntervalSchema.nullable(),
  startDate: z.iso.datetime().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The plan a scheduled downgrade switches to at currentPeriodEnd. */
  scheduledPlan: PlanIdSchema.nullable(),
  paymentMethod: PaymentMethodSchema.nullable(),
  /** The user's entitlement: the tier whose rules apply and until when (null: no expiry). */
  tier: PlanIdSchema,
  expiresAt: z.iso.datetime().nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** POST /api/subscription/checkout. Free → 400; same tier → 409 'Already Subscribed'; lower → 409 'Not an Upgrade'. */
export const CheckoutRequestSchema = z.object({
  plan: PlanIdSchema,
  interval: BillingIntervalSchema,
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;
export const CheckoutResponseSchema = z.object({
  checkoutId: z.string(),
  /** Where to send the browser: Stripe Checkout, or the sandbox page /payment/{plan}?checkout=… */
  url: z.string(),
  /** An upgrade of a running card plan: charged at once with proration, no page needed. */
  kind: z.enum(['new', 'upgrade']),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

export const CheckoutIdParamsSchema = z.object({ checkoutId: textSchema().min(1).max(100) });

/** GET /api/payments/checkouts/{checkoutId}: what the payment page shows (buyer only). */
export const CheckoutDetailsSchema = z.object({
  checkoutId: z.string(),
  plan: PaidPlanIdSchema,
  planName: z.string(),
  interval: BillingIntervalSchema,
  kind: z.enum(['new', 'upgrade']),
  /** What is charged now, VAT-inclusive (an upgrade: the prorated difference). */
  amountCents: z.number().int(),
  /** The recurring price of the plan for the interval. */
  priceCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'completed', 'declined']),
  /** The sandbox: the page must say TEST MODE and offer outcome buttons, never a card form. */
  testMode: z.boolean(),
});
export type CheckoutDetails = z.infer<typeof CheckoutDetailsSchema>;

/** POST /api/payments/sandbox/{checkoutId}/complete ('needs authentication and succeeds' = succeed). */
export const SandboxCompleteRequestSchema = z.object({ outcome: z.enum(['succeed', 'decline']) });
export type SandboxCompleteRequest = z.infer<typeof SandboxCompleteRequestSchema>;

/** POST /api/subscription/downgrade: takes effect at the end of the term; free = cancel then. */
export const DowngradeRequestSchema = z.object({ plan: PlanIdSchema });
export type DowngradeRequest = z.infer<typeof DowngradeRequestSchema>;

/** GET /api/payments: the caller's history, newest first. */
export const PaymentSchema = z.object({
  id: z.number().int(),
  /** Our receipt's number, e.g. 'ORB-2026-000042'; null while not paid (decision 110). */
  receiptNumber: z.string().nullable(),
  /** Our printable receipt, GET /api/payments/{id}/receipt; null without a receipt number. */
  receiptLink: z.string().nullable(),
  date: z.iso.datetime(),
  amountCents: z.number().int(),
  currency: z.string(),
  method: PaymentMethodSchema,
  plan: PlanIdSchema,
  interval: BillingIntervalSchema.nullable(),
  durationMonths: z.number().int().nullable(),
  status: z.enum(['paid', 'refunded', 'failed', 'pending']),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  /** The provider's receipt (Stripe); null: the client renders our numbered receipt. */
  receiptUrl: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;
export const PaymentIdParamsSchema = z.object({ id: z.coerce.number().pipe(RowIdSchema) });

export const PaymentListSchema = z.object({ payments: z.array(PaymentSchema) });
export type PaymentList = z.infer<typeof PaymentListSchema>;

/** POST /api/admin/sandbox/subscriptions/{userId}/{action}: drive a sandbox subscription. */
export const SandboxAdminParamsSchema = z.object({
  userId: z.coerce.number().pipe(RowIdSchema),
  action: z.enum(['renew', 'period-end', 'refund']),
});

/**
 * POST routes that act on the caller or the path alone (cancel, resume, verify, the sandbox
 * controls): no body (which Fastify hands on as null) or an empty JSON object; anything else is a 400.
 */
export const NoRequestBodySchema = z.strictObject({}).nullish();

/**
 * POST /api/webhooks/stripe: the provider's signed event, kept as the exact bytes the signature
 * covers. Never parsed by the validator (any bytes pass); the signature check refuses forgeries.
 */
export const WebhookDeliverySchema = z
  .custom<unknown>(() => true)
  .meta({ type: 'string', description: 'The signed event, as the provider sent it' });

/** The answer to an accepted delivery; `duplicate`: the event was already recorded. */
export const WebhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
