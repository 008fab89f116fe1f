import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import { resolveSession, SESSION_COOKIE } from './sessions.service.ts';

/** Secure cookies whenever the request came over https (directly or via a trusted proxy). */
function isHttps(request: FastifyRequest) {
  return request.protocol === 'https';
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; rememberMe: boolean; expiresAt: Date },
) {
  void reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    // Without remember-me the cookie ends with the browser session.
    ...(session.rememberMe ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  void reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
  });
}

/** Resolves request.user from the session cookie on every API request. */
export function registerSessionResolver(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await resolveSession(ctx.db, ctx.secret, token);
    if (session) {
      request.user = session.user;
      request.sessionId = session.sessionId;
    }
  });
}
