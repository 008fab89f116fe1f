import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/http/request-context.ts';
import { AppConfigSchema } from '#shared/admin/app-settings.ts';

/** Short enough that a banner or a closed registration shows within the settings' 30 s. */
const CACHE_SECONDS = 10;

/**
 * What the web app needs before anyone signs in: whether registration is open and whether the
 * product is being maintained (public, and open during maintenance as a public GET).
 */
export function registerAppConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/app-config',
      { config: { access: 'public' }, schema: { response: { 200: AppConfigSchema } } },
      async (_request, reply) => {
        void reply.header('cache-control', `public, max-age=${CACHE_SECONDS}`);
        const { registrationOpen, maintenanceMode } = ctx.appSettings.current();
        return { registrationOpen, maintenanceMode };
      },
    );
}
