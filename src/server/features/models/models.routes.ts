import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAiProviders } from '#server/ai/providers.ts';
import { auditActor } from '#server/audit/audit.ts';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import {
  AdminModelInputSchema,
  AdminModelListSchema,
  AdminModelSchema,
  ModelIdParamsSchema,
  ModelListSchema,
} from '#shared/models/model-schemas.ts';
import { findUserLanguage } from './models.queries.ts';
import {
  listAdminModels,
  listModelsFor,
  putAdminModel,
  removeAdminModel,
} from './models.service.ts';

/** The model catalogue: what a user may pick, and the administrator's mapping of models. */
export function registerModelRoutes(app: FastifyInstance, ctx: AppContext) {
  const providers = createAiProviders(ctx.env);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/models',
    { config: { access: 'user' }, schema: { response: { 200: ModelListSchema } } },
    async (request) => {
      const user = requireUser(request);
      return listModelsFor(ctx.db, providers, user, await findUserLanguage(ctx.db, user.id));
    },
  );

  api.get(
    '/api/admin/models',
    { config: { access: 'admin' }, schema: { response: { 200: AdminModelListSchema } } },
    async () => listAdminModels(ctx.db, providers),
  );

  api.put(
    '/api/admin/models/:modelId',
    {
      config: { access: 'admin' },
      schema: {
        params: ModelIdParamsSchema,
        body: AdminModelInputSchema,
        response: { 200: AdminModelSchema },
      },
    },
    async (request) =>
      putAdminModel(ctx.db, providers, auditActor(request), request.params.modelId, request.body),
  );

  api.delete(
    '/api/admin/models/:modelId',
    {
      config: { access: 'admin' },
      schema: { params: ModelIdParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await removeAdminModel(ctx.db, auditActor(request), request.params.modelId);
      return reply.status(204).send();
    },
  );
}
