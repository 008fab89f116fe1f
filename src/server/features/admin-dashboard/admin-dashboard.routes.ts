import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/http/request-context.ts';
import { DashboardSchema } from '#shared/admin/admin-dashboard-schemas.ts';
import { readDashboard } from './admin-dashboard.service.ts';

/** /api/admin/dashboard: the figures of the /admin start screen. */
export function registerAdminDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/admin/dashboard',
      { config: { access: 'admin' }, schema: { response: { 200: DashboardSchema } } },
      () => readDashboard(ctx.db),
    );
}
