import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  // Liveness: the process answers.
  app.get('/healthz', async () => ({ status: 'ok' }));

  // Readiness: the database answers too.
  app.get('/readyz', async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok', database: ctx.database.kind };
    } catch {
      return reply.status(503).send({
        message: 'Database unreachable',
        code: 'SERVER_ERROR',
        statusCode: 503,
      });
    }
  });
}
