import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import { describeWait, RateLimitedError } from '#server/http/rate-limit.ts';
import type { AppContext } from '#server/http/request-context.ts';
import {
  AccountSchema,
  LoginSchema,
  LogoutResponseSchema,
  PublicUserSchema,
  RegisterSchema,
  UpdateProfileSchema,
} from '#shared/auth/auth-schemas.ts';
import { REGISTRATION_CLOSED } from '#shared/auth/registration.ts';
import { forbidden, unauthenticated } from '#shared/errors/app-error.ts';
import { createAuthThrottle } from './auth-throttle.ts';
import { loginUser, registerUser, toPublicUser, type ClientInfo } from './auth.service.ts';
import { updateProfile } from './profile.service.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { endSession } from './sessions.service.ts';

function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip,
    userAgent: userAgent ? userAgent.slice(0, 512) : null,
    previousSessionId: request.sessionId,
  };
}

/** Accounts and sessions: spec 01-core §4 (authentication) and §7 (the calls). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // In Redis when configured, so every instance counts the same attempts.
  const throttle = createAuthThrottle(ctx.rateLimits, ctx.env.REGISTRATIONS_PER_IP_PER_HOUR);
  /**
   * Signing in over a live session ends that session (auth.service.ts); its open streams and
   * live-coding connections close with it (decision 320).
   */
  const disconnectPrevious = (request: FastifyRequest) => {
    if (request.sessionId !== null) ctx.sessions.disconnect({ sessionId: request.sessionId });
  };

  api.post(
    '/api/register',
    {
      config: { access: 'public' },
      schema: { body: RegisterSchema, response: { 201: PublicUserSchema } },
    },
    async (request, reply) => {
      // The administrator's setting (issue 12 "settings"); checked first, so it costs no attempt.
      if (!ctx.appSettings.current().registrationOpen) throw forbidden(REGISTRATION_CLOSED);
      const admission = await throttle.admitRegistration(request.ip);
      if (!admission.allowed) {
        throw new RateLimitedError(
          admission.retryAfterSeconds,
          `Too many registrations. Please try again in ${describeWait(admission.retryAfterSeconds)}.`,
        );
      }
      const { user, session } = await registerUser(
        ctx.db,
        ctx.secret,
        request.body,
        clientInfo(request),
      );
      setSessionCookie(request, reply, session);
      disconnectPrevious(request);
      return reply.status(201).send(toPublicUser(user));
    },
  );

  api.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: { body: LoginSchema, response: { 200: PublicUserSchema } },
    },
    async (request, reply) => {
      const { user, session } = await loginUser(
        ctx.db,
        ctx.secret,
        throttle,
        request.body,
        clientInfo(request),
      );
      setSessionCookie(request, reply, session);
      disconnectPrevious(request);
      return toPublicUser(user);
    },
  );

  // Public: logging out without a session is a harmless success.
  api.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { response: { 200: LogoutResponseSchema } } },
    async (request, reply) => {
      if (request.sessionId !== null) {
        await endSession(ctx.db, request.sessionId);
        ctx.sessions.disconnect({ sessionId: request.sessionId });
      }
      clearSessionCookie(request, reply);
      return { message: 'Logged out' };
    },
  );

  api.get(
    '/api/user',
    { config: { access: 'user' }, schema: { response: { 200: PublicUserSchema } } },
    async (request) => toPublicUser(requireUser(request)),
  );

  api.get(
    '/api/user/account',
    { config: { access: 'user' }, schema: { response: { 200: AccountSchema } } },
    (request) => {
      const { id, username, displayName, email } = requireUser(request);
      return { id, username, displayName, email };
    },
  );

  api.patch(
    '/api/user',
    {
      config: { access: 'user' },
      schema: { body: UpdateProfileSchema, response: { 200: PublicUserSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (request.sessionId === null) throw unauthenticated();
      const result = await updateProfile(
        ctx.db,
        ctx.secret,
        throttle,
        { user, sessionId: request.sessionId, ipAddress: request.ip },
        request.body,
      );
      if (result.session) setSessionCookie(request, reply, result.session);
      // The caller's own session lives on (with a fresh token); only the ended ones are cut.
      for (const sessionId of result.endedSessionIds) ctx.sessions.disconnect({ sessionId });
      return toPublicUser(result.user);
    },
  );
}
