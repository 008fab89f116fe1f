import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor } from '#server/audit/audit.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  AppSettingsFileSchema,
  AppSettingsPatchSchema,
  AppSettingsSchema,
} from '#shared/admin/app-settings.ts';
import { exportSettings, importSettings, updateSettings } from './admin-settings.service.ts';

/** The administrator's run-time settings (issue 12 "settings"), their export and import. */
export function registerAdminSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'admin' as const } };

  api.get(
    '/api/admin/settings',
    { ...admin, schema: { response: { 200: AppSettingsSchema } } },
    async () => ctx.appSettings.current(),
  );

  api.patch(
    '/api/admin/settings',
    { ...admin, schema: { body: AppSettingsPatchSchema, response: { 200: AppSettingsSchema } } },
    async (request) => updateSettings(ctx.db, ctx.appSettings, auditActor(request), request.body),
  );

  api.get(
    '/api/admin/settings/export',
    { ...admin, schema: { response: { 200: AppSettingsFileSchema } } },
    async (_request, reply) => {
      const file = exportSettings(ctx.appSettings);
      const day = file.exportedAt!.slice(0, 10);
      void reply.header('content-disposition', `attachment; filename="orbit-settings-${day}.json"`);
      return file;
    },
  );

  api.post(
    '/api/admin/settings/import',
    { ...admin, schema: { body: AppSettingsFileSchema, response: { 200: AppSettingsSchema } } },
    async (request) => importSettings(ctx.db, ctx.appSettings, auditActor(request), request.body),
  );
}
