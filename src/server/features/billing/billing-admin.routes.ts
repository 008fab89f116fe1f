import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import {
  AdminPaymentPageSchema,
  AdminPaymentQuerySchema,
  AdminSubscriptionPageSchema,
  AdminSubscriptionQuerySchema,
  type AdminPayment,
  type AdminSubscription,
} from '#shared/admin/admin-billing-schemas.ts';
import { listPaymentsForAdmin, listSubscriptionsForAdmin } from './billing-admin.queries.ts';

const CursorKeySchema = z.number().int().positive();
type SubscriptionListRow = Awaited<ReturnType<typeof listSubscriptionsForAdmin>>[number];
type PaymentListRow = Awaited<ReturnType<typeof listPaymentsForAdmin>>[number];

// Rows hold only the values the shared enums allow: the billing code writes nothing else.
function toAdminSubscription({
  subscription: s,
  username,
}: SubscriptionListRow): AdminSubscription {
  return {
    id: s.id,
    userId: s.userId,
    username,
    plan: s.planId as AdminSubscription['plan'],
    status: s.status as AdminSubscription['status'],
    interval: s.interval as AdminSubscription['interval'],
    provider: s.provider,
    paymentMethod: s.paymentMethod as AdminSubscription['paymentMethod'],
    startDate: s.startDate.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    scheduledPlan: s.scheduledPlanId as AdminSubscription['scheduledPlan'],
  };
}

function toAdminPayment({ payment: p, username }: PaymentListRow): AdminPayment {
  return {
    id: p.id,
    userId: p.userId,
    username,
    plan: p.planId as AdminPayment['plan'],
    provider: p.provider,
    method: p.method as AdminPayment['method'],
    status: p.status as AdminPayment['status'],
    amountCents: p.amountCents,
    currency: p.currency,
    interval: p.interval as AdminPayment['interval'],
    durationMonths: p.durationMonths,
    createdAt: p.createdAt.toISOString(),
    refundedAt: p.refundedAt ? p.refundedAt.toISOString() : null,
  };
}

/** Every subscription and every payment, filtered by plan, status and method (issue 12 item 2). */
export function registerBillingAdminRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/subscriptions',
    {
      config: { access: 'admin' },
      schema: {
        querystring: AdminSubscriptionQuerySchema,
        response: { 200: AdminSubscriptionPageSchema },
      },
    },
    async (request) => {
      const { query } = request;
      const afterId = query.cursor ? decodeCursor(query.cursor, CursorKeySchema) : null;
      const rows = await listSubscriptionsForAdmin(db, query, afterId);
      return toPage(rows, query.limit, toAdminSubscription, (row) => row.subscription.id);
    },
  );

  api.get(
    '/api/admin/payments',
    {
      config: { access: 'admin' },
      schema: { querystring: AdminPaymentQuerySchema, response: { 200: AdminPaymentPageSchema } },
    },
    async (request) => {
      const { query } = request;
      const afterId = query.cursor ? decodeCursor(query.cursor, CursorKeySchema) : null;
      const rows = await listPaymentsForAdmin(db, query, afterId);
      return toPage(rows, query.limit, toAdminPayment, (row) => row.payment.id);
    },
  );
}
