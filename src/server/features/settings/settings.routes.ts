import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { DEFAULT_MODEL_ID } from '#shared/models/model-ids.ts';
import {
  SettingsSchema,
  SettingsUserParamsSchema,
  UpdateSettingsSchema,
} from '#shared/settings/settings-schemas.ts';
import { getSettings, getSettingsFor, updateSettings } from './settings.service.ts';

/** User settings (spec 01-core §7): read own or, for admins, anyone's; change own only. */
export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const defaultModel = () => ctx.appSettings.current().defaultModel ?? DEFAULT_MODEL_ID;

  api.get(
    '/api/settings/me',
    { config: { access: 'user' }, schema: { response: { 200: SettingsSchema } } },
    async (request) => getSettings(ctx.db, requireUser(request).id, defaultModel()),
  );

  api.get(
    '/api/settings/:userId',
    {
      config: { access: 'user' },
      schema: { params: SettingsUserParamsSchema, response: { 200: SettingsSchema } },
    },
    async (request) =>
      getSettingsFor(ctx.db, requireUser(request), request.params.userId, defaultModel()),
  );

  api.patch(
    '/api/settings/:userId',
    {
      config: { access: 'user' },
      schema: {
        params: SettingsUserParamsSchema,
        body: UpdateSettingsSchema,
        response: { 200: SettingsSchema },
      },
    },
    async (request) =>
      updateSettings(
        ctx.db,
        requireUser(request),
        request.params.userId,
        request.body,
        defaultModel(),
      ),
  );
}
