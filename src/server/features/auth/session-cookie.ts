import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiKeyRoute } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { isApiRequest } from '#server/http/request-path.ts';
import { resolveSession, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './sessions.service.ts';

/** Secure cookies whenever the request came over https (directly or via a trusted proxy). */
function isHttps(request: FastifyRequest) {
  return request.protocol === 'https';
}

/**
 * Over https the cookie is `__Host-` prefixed: browsers then accept it only with Secure, Path=/
 * and no Domain, so neither a sibling subdomain nor a plain-http page on the same host can plant
 * or overwrite it (docs/decisions/063-host-prefixed-session-cookie.md). Plain http (a LAN or
 * localhost install) cannot use the prefix and keeps the plain name.
 */
function cookieName(request: FastifyRequest) {
  return isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: isHttps(request),
});

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; rememberMe: boolean; expiresAt: Date },
) {
  void reply.setCookie(cookieName(request), session.token, {
    ...cookieOptions(request),
    // Without remember-me the cookie ends with the browser session.
    ...(session.rememberMe ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  void reply.clearCookie(cookieName(request), cookieOptions(request));
}

/**
 * Resolves request.user from the session cookie on every API request. Over https a cookie under
 * the plain name (set before the prefix existed, or planted by someone else) is not honoured: it
 * is cleared, and its holder signs in once more and gets the prefixed cookie.
 */
export function registerSessionResolver(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    // The OpenAI-compatible API takes its bearer key only: a cookie never authenticates it.
    if (!isApiRequest(request) || isApiKeyRoute(request)) return;
    if (isHttps(request) && request.cookies[SESSION_COOKIE] !== undefined) {
      void reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(request), secure: true });
    }
    const token = request.cookies[cookieName(request)];
    if (!token) return;
    const session = await resolveSession(ctx.db, ctx.secret, token);
    if (session) {
      request.user = session.user;
      request.sessionId = session.sessionId;
    }
  });
}
