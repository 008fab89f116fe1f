import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TextBodySchema } from '#shared/api/api-schemas.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { PerformanceSchema } from '#shared/admin/performance-schemas.ts';
import { notFound, unauthenticated } from '#shared/errors/app-error.ts';
import { performanceSummary } from './performance-summary.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares hashes, so neither the token's length nor its bytes leak through timing. */
function hasToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

/**
 * GET /metrics (Prometheus text, guarded by METRICS_TOKEN; off without it) and the admin
 * screen's GET /api/admin/performance, both from the one registry (observability/metrics.ts).
 */
export function registerPerformanceRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { metrics } = ctx;
  const token = ctx.env.METRICS_TOKEN ? digest(ctx.env.METRICS_TOKEN) : null;

  api.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Prometheus metrics of this instance',
        description:
          'Bearer METRICS_TOKEN. Without METRICS_TOKEN configured the route answers 404 (off).',
        response: {
          200: {
            description: 'Prometheus text exposition format',
            content: { 'text/plain': { schema: TextBodySchema } },
          },
        },
      },
    },
    async (request, reply) => {
      if (!token) throw notFound(`Route GET /metrics not found`);
      if (!hasToken(request, token)) {
        void reply.header('www-authenticate', 'Bearer');
        throw unauthenticated('A valid metrics token is required');
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );

  api.get(
    '/api/admin/performance',
    { config: { access: 'admin' }, schema: { response: { 200: PerformanceSchema } } },
    async () => performanceSummary(metrics, ctx.database),
  );
}
