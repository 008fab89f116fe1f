import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import {
  BillingIntervalSchema,
  PaymentMethodSchema,
  PlanIdSchema,
} from '#shared/billing/billing-schemas.ts';

/** The subscriptions area of /admin (issue 12 item 2): every contract and every payment. */

export const SubscriptionStatusSchema = z.enum(['active', 'past_due', 'canceled']);
export const PaymentStatusSchema = z.enum(['paid', 'refunded', 'failed', 'pending']);

/** GET /api/admin/subscriptions?plan=&status=&method= (newest first). */
export const AdminSubscriptionQuerySchema = PageQuerySchema.extend({
  plan: PlanIdSchema.optional(),
  status: SubscriptionStatusSchema.optional(),
  method: PaymentMethodSchema.optional(),
});
export type AdminSubscriptionQuery = z.infer<typeof AdminSubscriptionQuerySchema>;

export const AdminSubscriptionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  plan: PlanIdSchema,
  status: SubscriptionStatusSchema,
  interval: BillingIntervalSchema.nullable(),
  /** sandbox | stripe | crypto | admin: who bills it (the sandbox controls need 'sandbox'). */
  provider: z.string(),
  paymentMethod: PaymentMethodSchema,
  startDate: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
  cancelAtPeriodEnd: z.boolean(),
  scheduledPlan: PlanIdSchema.nullable(),
});
export type AdminSubscription = z.infer<typeof AdminSubscriptionSchema>;
export const AdminSubscriptionPageSchema = pageSchema(AdminSubscriptionSchema);

/** GET /api/admin/payments?plan=&status=&method= (newest first). */
export const AdminPaymentQuerySchema = PageQuerySchema.extend({
  plan: PlanIdSchema.optional(),
  status: PaymentStatusSchema.optional(),
  method: PaymentMethodSchema.optional(),
});
export type AdminPaymentQuery = z.infer<typeof AdminPaymentQuerySchema>;

export const AdminPaymentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  plan: PlanIdSchema,
  provider: z.string(),
  method: PaymentMethodSchema,
  status: PaymentStatusSchema,
  /** VAT-inclusive integer cents (decision 080). */
  amountCents: z.number().int(),
  currency: z.string(),
  interval: BillingIntervalSchema.nullable(),
  durationMonths: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  refundedAt: z.iso.datetime().nullable(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;
export const AdminPaymentPageSchema = pageSchema(AdminPaymentSchema);
