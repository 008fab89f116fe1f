import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor } from '#server/audit/audit.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { AppSettingsPatchSchema, AppSettingsSchema } from '#shared/admin/app-settings.ts';

/** The administrator's run-time settings (issue 12 "settings"). */
export function registerAdminSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/settings',
    { config: { access: 'admin' }, schema: { response: { 200: AppSettingsSchema } } },
    async () => ctx.appSettings.current(),
  );

  api.patch(
    '/api/admin/settings',
    {
      config: { access: 'admin' },
      schema: { body: AppSettingsPatchSchema, response: { 200: AppSettingsSchema } },
    },
    async (request) => ctx.appSettings.update(auditActor(request), request.body),
  );
}
