import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { SearchQuerySchema, SearchResultSchema } from '#shared/search/search-schemas.ts';
import { searchConversations } from './search.service.ts';

/** GET /api/search?q=&limit=&cursor= — the signed-in user's messages and titles, ranked. */
export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/search',
    {
      config: { access: 'user' },
      schema: { querystring: SearchQuerySchema, response: { 200: SearchResultSchema } },
    },
    async (request) => searchConversations(ctx.db, requireUser(request).id, request.query),
  );
}
