import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from '#shared/errors/app-error.ts';

/**
 * Who may call a route. Every /api route must declare one in `config.access`;
 * the server refuses to start otherwise (see assertRouteAccess), and
 * tests/server/access-matrix.test.ts walks them all. `apiKey` routes (the OpenAI-compatible
 * /api/v1) take a personal API key as `Authorization: Bearer` and never a session cookie.
 */
export type Access = 'public' | 'user' | 'admin' | 'apiKey';

/** The API key that authenticated an `apiKey` route (its owner is request.user). */
export interface RequestApiKey {
  id: number;
  scopes: readonly string[];
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** An `apiKey` route: the scope its key must carry. */
    apiScope?: string;
  }
  interface FastifyRequest {
    /** Set by the API key resolver on `apiKey` routes when the key is valid. */
    apiKey: RequestApiKey | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, in registration order. */
    apiRoutes: RouteAccess[];
  }
}

export function registerAccessControl(app: FastifyInstance): void {
  const routes: RouteAccess[] = [];
  app.decorate('apiRoutes', routes);
  app.decorateRequest('apiKey', null);
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
    if (access === 'apiKey') requireApiKey(request, request.routeOptions.config.apiScope);
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

/** Whether a route authenticates by API key alone (no cookie, no CSRF marker). */
export function isApiKeyRoute(request: FastifyRequest) {
  return request.routeOptions.config.access === 'apiKey';
}

/**
 * An `apiKey` route's key and owner: 401 without a valid key (unknown, revoked, expired, owner
 * suspended: the resolver accepts none of them), 403 when the key lacks the route's scope.
 * `details.reason` carries OpenAI's error code for the /api/v1 error shape.
 */
export function requireApiKey(request: FastifyRequest, scope?: string) {
  const { apiKey, user } = request;
  if (!apiKey || !user) {
    throw unauthenticated('Invalid API key', { reason: 'invalid_api_key' });
  }
  if (scope !== undefined && !apiKey.scopes.includes(scope)) {
    throw new AppError('PERMISSION_ERROR', 403, `This API key lacks the scope '${scope}'`, {
      reason: 'missing_scope',
    });
  }
  return { apiKey, user };
}
