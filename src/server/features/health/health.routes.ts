import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/http/request-context.ts';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import { LivenessSchema, ReadinessSchema } from '#shared/health/health-schemas.ts';

/** A probe must not wait for ioredis' reconnects: a PING answered within this, or not ready. */
const REDIS_PING_TIMEOUT_MS = 1_000;

async function redisAnswers(redis: Redis) {
  // Offline, ioredis queues commands until it reconnects: a closed connection is an answer.
  if (redis.status !== 'ready') return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), REDIS_PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([redis.ping().then((pong) => pong === 'PONG'), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Liveness: the process answers.
  api.get(
    '/healthz',
    { schema: { summary: 'Liveness', response: { 200: LivenessSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: the database answers too, and Redis when this instance shares state through it.
  api.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness',
        response: { 200: ReadinessSchema, 503: ErrorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const unready = (message: string) =>
        reply.status(503).send({ message, code: 'SERVER_ERROR', statusCode: 503 });
      try {
        await ctx.database.ping();
      } catch {
        return unready('Database unreachable');
      }
      if (!ctx.redis) return { status: 'ok' as const, database: ctx.database.kind };
      if (!(await redisAnswers(ctx.redis))) return unready('Redis unreachable');
      return { status: 'ok' as const, database: ctx.database.kind, redis: 'ok' as const };
    },
  );
}
