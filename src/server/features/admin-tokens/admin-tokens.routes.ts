import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor } from '#server/audit/audit.ts';
import { contentDisposition } from '#server/http/content-disposition.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { TextBodySchema } from '#shared/api/api-schemas.ts';
import {
  TokenLimitListSchema,
  TokenLimitsUpdateSchema,
  TokenUsageQuerySchema,
  TokenUsageReportSchema,
} from '#shared/admin-tokens/token-admin-schemas.ts';
import {
  getTokenLimits,
  updateTokenLimits,
  usageCsv,
  usageReport,
} from './admin-tokens.service.ts';

/**
 * The admin tokens area (issue #12, /admin/tokens): token_usage by day, model, user or tier with
 * costs as decimal strings, its CSV, and the token_limits editor.
 */
export function registerAdminTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'admin' as const } };

  api.get(
    '/api/admin/token-usage',
    {
      ...admin,
      schema: {
        summary: 'token_usage summed by day, model, user or tier (costs in USD, decimal strings)',
        querystring: TokenUsageQuerySchema,
        response: { 200: TokenUsageReportSchema },
      },
    },
    async (request) => usageReport(ctx.db, request.query),
  );

  api.get(
    '/api/admin/token-usage.csv',
    {
      config: { access: 'admin', rateLimit: 'export' },
      schema: {
        summary: 'The same sums as CSV, every row',
        querystring: TokenUsageQuerySchema,
        response: {
          200: { description: 'CSV', content: { 'text/csv': { schema: TextBodySchema } } },
        },
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await usageCsv(ctx.db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .send(csv);
    },
  );

  api.get(
    '/api/admin/token-limits',
    {
      ...admin,
      schema: { summary: 'Token limits per tier', response: { 200: TokenLimitListSchema } },
    },
    async () => ({ limits: await getTokenLimits(ctx.db) }),
  );

  api.put(
    '/api/admin/token-limits',
    {
      ...admin,
      schema: {
        summary: 'Change token limits (applies to the next request; audited)',
        body: TokenLimitsUpdateSchema,
        response: { 200: TokenLimitListSchema },
      },
    },
    async (request) => ({
      limits: await updateTokenLimits(ctx.db, auditActor(request), request.body),
    }),
  );
}
