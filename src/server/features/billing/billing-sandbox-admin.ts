import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, recordAudit } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import type { SandboxProvider } from '#server/payments/sandbox-provider.ts';
import {
  NoRequestBodySchema,
  SandboxAdminParamsSchema,
  SubscriptionSchema,
} from '#shared/billing/billing-schemas.ts';
import { notFound } from '#shared/errors/app-error.ts';
import { findSubscription, latestPaidPayment } from './billing.queries.ts';
import { subscriptionOf } from './billing-views.ts';

/**
 * Administrators drive a sandbox subscription through time (issue 11): `renew` charges the next
 * period now, `period-end` ends the period now (renewal, or the end when cancelled), `refund`
 * refunds the latest payment in full. Sandbox mode only.
 */
export function registerSandboxAdminRoutes(
  app: FastifyInstance,
  db: Database,
  sandbox: SandboxProvider,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/sandbox/subscriptions/:userId/:action',
    {
      config: { access: 'admin' },
      schema: {
        params: SandboxAdminParamsSchema,
        body: NoRequestBodySchema,
        response: { 200: SubscriptionSchema },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      const { userId, action } = request.params;
      if (action === 'refund') {
        const payment = await latestPaidPayment(db, userId, 'sandbox');
        if (!payment?.paymentRef) throw notFound('No sandbox payment to refund');
        await sandbox.refund({
          paymentRef: payment.paymentRef,
          amountCents: payment.amountCents,
          currency: payment.currency,
        });
      } else {
        const row = await findSubscription(db, userId);
        if (!row || row.provider !== 'sandbox' || !row.providerSubscriptionId) {
          throw notFound('No sandbox subscription');
        }
        await sandbox.endPeriodNow(row.providerSubscriptionId, { renew: action === 'renew' });
      }
      // The sandbox applies the action through its webhook pipeline; the audit row records the
      // administrator's request once it has been accepted.
      const after = await subscriptionOf(db, userId);
      await recordAudit(db, actor, `sandbox.${action}`, { type: 'user', id: userId }, { after });
      return after;
    },
  );
}
