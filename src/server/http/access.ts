import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '#shared/errors/app-error.ts';

/**
 * Who may call a route. Every /api route must declare one in `config.access`;
 * the server refuses to start otherwise (see assertRouteAccess), and
 * tests/server/access-matrix.test.ts walks them all.
 */
export type Access = 'public' | 'user' | 'admin';

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, in registration order. */
    apiRoutes: RouteAccess[];
  }
}

export function registerAccessControl(app: FastifyInstance): void {
  const routes: RouteAccess[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api') || route.method === 'HEAD' || route.method === 'OPTIONS') return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${url} does not declare config.access`);
    }
    for (const method of [route.method].flat()) routes.push({ method, url, access });
  });

  // An onRequest hook registered after the session resolver: access is decided before the
  // body is parsed or validated, so a guest gets 401 whatever they send.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'user') requireUser(request);
    if (access === 'admin') requireAdmin(request);
  });
}

export function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function requireAdmin(request: FastifyRequest) {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden('Administrator rights are required');
  return user;
}
