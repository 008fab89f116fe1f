import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/**
 * One histogram observation per answered request, labelled by the route pattern
 * (`/api/conversations/:id`, never the raw URL: bounded series, no ids in metrics).
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics) {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(unmatched)',
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
