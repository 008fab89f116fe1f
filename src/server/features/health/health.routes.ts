import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/http/request-context.ts';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import { LivenessSchema, ReadinessSchema } from '#shared/health/health-schemas.ts';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Liveness: the process answers.
  api.get(
    '/healthz',
    { schema: { summary: 'Liveness', response: { 200: LivenessSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: the database answers too.
  api.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness',
        response: { 200: ReadinessSchema, 503: ErrorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      try {
        await ctx.database.ping();
        return { status: 'ok' as const, database: ctx.database.kind };
      } catch {
        return reply.status(503).send({
          message: 'Database unreachable',
          code: 'SERVER_ERROR',
          statusCode: 503,
        });
      }
    },
  );
}
