import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import {
  ApiKeyListSchema,
  ApiKeyParamsSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
} from '#shared/api-keys/api-key-schemas.ts';
import { createApiKey, listApiKeys, revokeOwnApiKey } from './api-keys.service.ts';

/** Personal API keys for the OpenAI-compatible API (issue #12 item 3), managed signed in. */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { config: { access: 'user' as const } };

  api.post(
    '/api/api-keys',
    {
      ...user,
      schema: {
        summary: 'Create a personal API key (Expert and Ultimate); the key is shown only here',
        body: CreateApiKeyRequestSchema,
        response: { 201: CreatedApiKeySchema },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(ctx.db, requireUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  api.get(
    '/api/api-keys',
    { ...user, schema: { summary: 'Your API keys', response: { 200: ApiKeyListSchema } } },
    async (request) => ({ keys: await listApiKeys(ctx.db, requireUser(request).id) }),
  );

  api.delete(
    '/api/api-keys/:id',
    {
      ...user,
      schema: {
        summary: 'Revoke one of your API keys',
        params: ApiKeyParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await revokeOwnApiKey(ctx.db, requireUser(request).id, request.params.id);
      // Its calls still open end on every instance (decision 337).
      ctx.sessions.disconnect({ apiKeyId: request.params.id });
      return reply.status(204).send();
    },
  );
}
