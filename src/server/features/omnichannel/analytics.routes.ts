import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/http/request-context.ts';
import {
  AnalyticsListSchema,
  AnalyticsQuerySchema,
} from '#shared/omnichannel/analytics-schemas.ts';
import { listAnalytics } from './analytics.queries.ts';
import { requireBrand } from './brand-resource-routes.ts';
import { toAnalyticsDay } from './triage-mapping.ts';

/** A brand's daily figures between two days, administrators only (decision 261). */
export function registerAnalyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/omnichannel/analytics',
    {
      config: { access: 'admin' },
      schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsListSchema } },
    },
    async (request) => {
      const { brandId, from, to } = request.query;
      await requireBrand(ctx.db, brandId);
      return { items: (await listAnalytics(ctx.db, brandId, from, to)).map(toAnalyticsDay) };
    },
  );
}
