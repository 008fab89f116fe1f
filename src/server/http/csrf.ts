import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '#shared/errors/app-error.ts';
import { isApiKeyRoute } from './access.ts';
import { isApiRequest } from './request-path.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const REQUESTED_WITH = 'XMLHttpRequest';

function requestOrigin(request: FastifyRequest) {
  return `${request.protocol}://${request.host}`;
}

/**
 * The Origin rule of the CSRF check, for requests it does not see as mutating (a WebSocket
 * handshake is a GET): an Origin the browser names must be ours or on ALLOWED_ORIGINS.
 */
export function isForeignOrigin(request: FastifyRequest, allowedOrigins: readonly string[]) {
  const origin = request.headers.origin;
  if (origin === undefined || origin === requestOrigin(request)) return false;
  return !allowedOrigins.some((allowed) => new URL(allowed).origin === origin);
}

/**
 * CSRF defence for cookie-authenticated calls: a mutating /api request must carry
 * `X-Requested-With: XMLHttpRequest` (a header no cross-site form can send and no
 * cross-origin script can send without our CORS consent) and, when the browser names
 * an Origin, it must be ours or on ALLOWED_ORIGINS (the native app's origins).
 * Allowed origins also get credentialed CORS answers.
 */
export function registerCsrfProtection(app: FastifyInstance, allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    const origin = request.headers.origin;
    const isAllowedCrossOrigin = origin !== undefined && allowed.has(origin);

    if (isAllowedCrossOrigin) {
      void reply.header('access-control-allow-origin', origin);
      void reply.header('access-control-allow-credentials', 'true');
      void reply.header('vary', 'Origin');
      // Paged lists carry their cursor and total in headers (conversations.routes.ts).
      void reply.header(
        'access-control-expose-headers',
        'X-Next-Cursor, X-Newer-Cursor, X-Total-Count, Link',
      );
      if (request.method === 'OPTIONS') {
        void reply.header('access-control-allow-methods', 'GET, POST, PATCH, PUT, DELETE');
        void reply.header(
          'access-control-allow-headers',
          'Content-Type, X-Requested-With, Accept, Cache-Control, Pragma, Last-Event-ID, Idempotency-Key, X-File-Name',
        );
        void reply.header('access-control-max-age', '600');
        return reply.status(204).send();
      }
    }

    if (SAFE_METHODS.has(request.method)) return;
    // Providers' webhooks (by the matched route) carry no cookie authority: their signature is
    // checked instead. So do the website chat widget's routes, called from brands' own sites
    // with the visitor's signature and never with credentials (widget.routes.ts).
    const route = request.routeOptions.url ?? '';
    if (
      route.startsWith('/api/webhooks/') ||
      route.startsWith('/api/omnichannel/webhooks/') ||
      route.startsWith('/api/omnichannel/widget/')
    )
      return;
    // The OpenAI-compatible API authenticates by a bearer key, which no browser sends by itself.
    if (isApiKeyRoute(request)) return;
    if (request.headers['x-requested-with'] !== REQUESTED_WITH) {
      throw forbidden('Missing X-Requested-With header');
    }
    if (origin !== undefined && origin !== requestOrigin(request) && !isAllowedCrossOrigin) {
      throw forbidden('Cross-origin request refused');
    }
  });
}
