import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/audit/audit.ts';
import { decodeCursor } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoRequestBodySchema } from '#shared/billing/billing-schemas.ts';
import {
  AdminApiKeyPageSchema,
  AdminApiKeyQuerySchema,
  ApiKeyParamsSchema,
  ApiKeySchema,
} from '#shared/api-keys/api-key-schemas.ts';
import { listAllApiKeys, revokeAnyApiKey } from './api-keys.service.ts';

const CursorKeySchema = z.number().int().positive();

/** The admin overview of every user's personal API keys (issue #12, admin api-keys area). */
export function registerAdminApiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'admin' as const } };

  api.get(
    '/api/admin/api-keys',
    {
      ...admin,
      schema: {
        summary: "Every user's API keys (never the keys themselves)",
        querystring: AdminApiKeyQuerySchema,
        response: { 200: AdminApiKeyPageSchema },
      },
    },
    async (request) => {
      const { query } = request;
      const afterId = query.cursor ? decodeCursor(query.cursor, CursorKeySchema) : null;
      return listAllApiKeys(ctx.db, query, afterId);
    },
  );

  api.post(
    '/api/admin/api-keys/:id/revoke',
    {
      ...admin,
      schema: {
        summary: "Revoke any user's API key (audited)",
        params: ApiKeyParamsSchema,
        body: NoRequestBodySchema,
        response: { 200: ApiKeySchema },
      },
    },
    async (request) => {
      const key = await revokeAnyApiKey(ctx.db, auditActor(request), request.params.id);
      ctx.sessions.disconnect({ apiKeyId: key.id });
      return key;
    },
  );
}
