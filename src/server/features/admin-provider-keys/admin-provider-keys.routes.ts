import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor } from '#server/audit/audit.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  ProviderKeyListSchema,
  ProviderKeyParamsSchema,
  ProviderKeyStatusSchema,
  ProviderKeyUpdateSchema,
} from '#shared/admin/provider-keys.ts';

/**
 * AI provider keys and endpoints set in the admin area (issue 12 "api-keys"): they override the
 * environment, are sealed at rest, and no answer ever carries one (configured, source and at
 * most the last four characters).
 */
export function registerAdminProviderKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const store = ctx.providerCredentials;
  const statusOf = (provider: string) =>
    store.describe().find((status) => status.provider === provider)!;

  api.get(
    '/api/admin/provider-keys',
    { config: { access: 'admin' }, schema: { response: { 200: ProviderKeyListSchema } } },
    async () => ({ providers: store.describe() }),
  );

  api.put(
    '/api/admin/provider-keys/:provider',
    {
      config: { access: 'admin' },
      schema: {
        params: ProviderKeyParamsSchema,
        body: ProviderKeyUpdateSchema,
        response: { 200: ProviderKeyStatusSchema },
      },
    },
    async (request) => {
      await store.update(auditActor(request), request.params.provider, request.body);
      return statusOf(request.params.provider);
    },
  );

  api.delete(
    '/api/admin/provider-keys/:provider',
    {
      config: { access: 'admin' },
      schema: { params: ProviderKeyParamsSchema, response: { 200: ProviderKeyStatusSchema } },
    },
    async (request) => {
      await store.remove(auditActor(request), request.params.provider);
      return statusOf(request.params.provider);
    },
  );
}
