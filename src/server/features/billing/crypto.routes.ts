import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor } from '#server/audit/audit.ts';
import { requireUser } from '#server/http/access.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { z } from 'zod';
import { NoRequestBodySchema } from '#shared/billing/billing-schemas.ts';
import {
  AdminCryptoPaymentListSchema,
  AdminCryptoPaymentQuerySchema,
  CryptoPaymentCreateSchema,
  CryptoPaymentIdParamsSchema,
  CryptoPaymentRejectSchema,
  CryptoPaymentReportSchema,
  CryptoPaymentSchema,
} from '#shared/billing/crypto-schemas.ts';
import { listCryptoPaymentsForAdmin } from './crypto.queries.ts';
import { createCryptoService } from './crypto.service.ts';
import { toCryptoPayment } from './crypto-views.ts';

const PaymentCursorSchema = z.number().int().positive();

/** Crypto payments: the buyer's three calls and the administrators' review (spec 02 §4). */
export function registerCryptoRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createCryptoService(ctx.db, ctx.env, () => ctx.appSettings.current());
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = CryptoPaymentIdParamsSchema;

  api.post(
    '/api/crypto-payments',
    {
      config: { access: 'user' },
      schema: { body: CryptoPaymentCreateSchema, response: { 201: CryptoPaymentSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request).id, request.body)),
  );

  api.get(
    '/api/crypto-payments/:id',
    { config: { access: 'user' }, schema: { params, response: { 200: CryptoPaymentSchema } } },
    (request) => service.get(requireUser(request).id, request.params.id),
  );

  api.post(
    '/api/crypto-payments/:id/paid',
    {
      config: { access: 'user' },
      schema: { params, body: CryptoPaymentReportSchema, response: { 200: CryptoPaymentSchema } },
    },
    (request) => service.report(requireUser(request).id, request.params.id, request.body),
  );

  api.get(
    '/api/admin/crypto-payments',
    {
      config: { access: 'admin' },
      schema: {
        querystring: AdminCryptoPaymentQuerySchema,
        response: { 200: AdminCryptoPaymentListSchema },
      },
    },
    async (request) => {
      const { query } = request;
      const afterId = query.cursor ? decodeCursor(query.cursor, PaymentCursorSchema) : null;
      const rows = await listCryptoPaymentsForAdmin(ctx.db, query, afterId);
      return toPage(
        rows,
        query.limit,
        (row) => ({
          ...toCryptoPayment(row.payment),
          userId: row.payment.userId,
          username: row.username,
        }),
        (row) => row.payment.id,
      );
    },
  );

  api.post(
    '/api/admin/crypto-payments/:id/verify',
    {
      config: { access: 'admin' },
      schema: { params, body: NoRequestBodySchema, response: { 200: CryptoPaymentSchema } },
    },
    (request) => service.verify(auditActor(request), request.params.id),
  );

  api.post(
    '/api/admin/crypto-payments/:id/reject',
    {
      config: { access: 'admin' },
      schema: { params, body: CryptoPaymentRejectSchema, response: { 200: CryptoPaymentSchema } },
    },
    (request) => service.reject(auditActor(request), request.params.id, request.body.notes),
  );
}
