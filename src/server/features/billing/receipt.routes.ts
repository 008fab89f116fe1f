import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { TextBodySchema } from '#shared/api/api-schemas.ts';
import { PaymentIdParamsSchema } from '#shared/billing/billing-schemas.ts';
import { notFound } from '#shared/errors/app-error.ts';
import { RECEIPT_CSP, receiptLanguage, renderReceipt, type ReceiptData } from './receipt-html.ts';
import { findReceipt } from './receipt.queries.ts';

/** GET /api/payments/{id}/receipt: the owner's numbered, printable receipt (decision 110). */
export function registerReceiptRoute(app: FastifyInstance, ctx: AppContext) {
  const { env } = ctx;
  const seller = {
    name: env.RECEIPT_SELLER_NAME,
    address: env.RECEIPT_SELLER_ADDRESS,
    vatId: env.RECEIPT_VAT_ID,
    vatRatePercent: env.RECEIPT_VAT_RATE_PERCENT,
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/payments/:id/receipt',
    {
      config: { access: 'user' },
      schema: {
        params: PaymentIdParamsSchema,
        response: {
          200: {
            description: 'A self-contained HTML receipt (no scripts), in the user’s language',
            content: { 'text/html': { schema: TextBodySchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Another user's payment, or one without a receipt (failed, pending), is not there.
      const found = await findReceipt(ctx.db, user.id, request.params.id);
      if (!found) throw notFound('Payment not found');
      const { payment } = found;
      const data: ReceiptData = {
        receiptNumber: payment.receiptNumber!,
        date: payment.createdAt,
        buyer: { username: found.username, displayName: found.displayName, email: found.email },
        planName: found.planName,
        interval: payment.interval,
        durationMonths: payment.durationMonths,
        periodStart: payment.periodStart,
        periodEnd: payment.periodEnd,
        method: payment.method as ReceiptData['method'],
        amountCents: payment.amountCents,
        currency: payment.currency,
        status: payment.status,
        refundedAt: payment.refundedAt,
      };
      const language = receiptLanguage(found.language, request.headers['accept-language']);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', RECEIPT_CSP)
        .header('cache-control', 'private, no-store')
        .header('content-language', language)
        .send(renderReceipt(data, seller, language));
    },
  );
}
