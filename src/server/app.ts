import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { stdSerializers } from 'pino';
import { createAppSettings } from '#server/app-settings/app-settings.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { toLoggableError } from '#server/db/loggable-error.ts';
import type { Env } from '#server/env.ts';
import { registerAdminPredefinedAnswerRoutes } from '#server/features/admin-predefined-answers/admin-predefined-answers.routes.ts';
import { registerAdminConversationRoutes } from '#server/features/admin-conversations/admin-conversations.routes.ts';
import { registerAdminSettingsRoutes } from '#server/features/admin-settings/admin-settings.routes.ts';
import { registerAuditLogRoutes } from '#server/features/audit-log/audit-log.routes.ts';
import { registerBillingRoutes } from '#server/features/billing/billing.routes.ts';
import { registerReferralRoutes } from '#server/features/referral/referral.routes.ts';
import { registerAuthRoutes } from '#server/features/auth/auth.routes.ts';
import { SESSION_COOKIE } from '#server/features/auth/sessions.service.ts';
import { registerSessionResolver } from '#server/features/auth/session-cookie.ts';
import { registerChatRoutes } from '#server/features/chat/chat.routes.ts';
import { registerClientErrorRoutes } from '#server/features/client-errors/client-errors.routes.ts';
import { registerConversationRoutes } from '#server/features/conversations/conversations.routes.ts';
import { registerExportRoutes } from '#server/features/export/export.routes.ts';
import { createAttachments } from '#server/features/files/attachments.ts';
import { registerFileRoutes } from '#server/features/files/files.routes.ts';
import { registerHealthRoutes } from '#server/features/health/health.routes.ts';
import { registerModelRoutes } from '#server/features/models/models.routes.ts';
import { registerPersonaRoutes } from '#server/features/personas/personas.routes.ts';
import { registerSearchRoutes } from '#server/features/search/search.routes.ts';
import { registerSettingsRoutes } from '#server/features/settings/settings.routes.ts';
import { registerAccessControl } from '#server/http/access.ts';
import { registerApiReference } from '#server/http/api-reference.ts';
import { registerCsrfProtection } from '#server/http/csrf.ts';
import { frameworkErrors, registerErrorHandler } from '#server/http/error-handler.ts';
import { registerGeneralRateLimit } from '#server/http/general-rate-limit.ts';
import { registerHostCheck } from '#server/http/host-check.ts';
import { registerOpenApi } from '#server/http/openapi.ts';
import { registerMaintenanceMode } from '#server/http/maintenance.ts';
import { MemoryRateLimitStore } from '#server/http/rate-limit.ts';
import { RedisRateLimitStore } from '#server/http/redis-rate-limit-store.ts';
import { watchRedis } from '#server/redis.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { isApiRequest } from '#server/http/request-path.ts';
import { registerSecurityHeaders } from '#server/http/security-headers.ts';
import { registerStaticClient } from '#server/http/static-client.ts';
import { fastifyTrustProxy } from '#server/http/trust-proxy.ts';
import { createJobs } from '#server/jobs/job-runner.ts';
import { createRealtime } from '#server/realtime/realtime.ts';
import { createInbound } from '#server/webhooks/inbound.ts';

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  secret: string;
  /** Shared by every instance when REDIS_URL is set (redis.ts); absent: everything in-process. */
  redis?: Redis;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered (the API contract tests walk them all). */
  onRoute?: (route: RouteOptions) => void;
}

/** Largest JSON body accepted; uploads have their own limit. */
const BODY_LIMIT = 1024 * 1024;

export function loggerOptions(level: Env['LOG_LEVEL']): FastifyServerOptions['logger'] {
  return {
    level,
    // Secrets must never reach the logs (cookies, auth headers, passwords in bodies).
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
      ],
      censor: '[redacted]',
    },
    // Every logged error, wherever it is logged: a database error loses its query parameters.
    serializers: { err: (error: Error) => stdSerializers.err(toLoggableError(error) as Error) },
  };
}

/** Builds the whole HTTP application without listening (tests call inject()). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.env.LOG_LEVEL),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(deps.env.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // A client that sends a body must not make us wait forever.
    requestTimeout: 120_000,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  // Jobs start once the app is ready and stop when it closes (after in-flight requests).
  const jobs = createJobs({
    db: deps.database.db,
    log: app.log,
    leaseMs: deps.env.JOBS_LEASE_SECONDS * 1000,
    singleProcess: deps.database.kind === 'pglite',
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  if (deps.redis) watchRedis(deps.redis, app.log);
  const realtime = await createRealtime(deps.redis);
  app.addHook('onClose', () => realtime.close());
  const { generations, pubsub } = realtime;
  const appSettings = await createAppSettings({ db: deps.database.db, pubsub, log: app.log });
  app.addHook('onClose', () => appSettings.close());
  const ctx: AppContext = {
    env: deps.env,
    database: deps.database,
    db: deps.database.db,
    secret: deps.secret,
    redis: deps.redis,
    rateLimits: deps.redis ? new RedisRateLimitStore(deps.redis) : new MemoryRateLimitStore(),
    attachments: createAttachments({ db: deps.database.db, env: deps.env }),
    generations,
    pubsub,
    appSettings,
  };

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerHostCheck(app, deps.env.PUBLIC_URL);
  await app.register(cookie);
  registerCsrfProtection(app, deps.env.ALLOWED_ORIGINS);
  registerSessionResolver(app, ctx);
  registerGeneralRateLimit(app, ctx.rateLimits, deps.env.RATE_LIMIT_FACTOR);
  registerAccessControl(app);
  registerMaintenanceMode(app, appSettings);
  await registerOpenApi(app, SESSION_COOKIE);

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    if (isApiRequest(request)) void reply.header('cache-control', 'no-store');
  });

  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerPersonaRoutes(app, ctx);
  registerClientErrorRoutes(app, ctx);
  await registerFileRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerModelRoutes(app, ctx);
  registerChatRoutes(app, ctx, ctx.attachments, generations);
  registerConversationRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerReferralRoutes(app, ctx);
  registerAuditLogRoutes(app, ctx);
  registerAdminSettingsRoutes(app, ctx);
  registerAdminPredefinedAnswerRoutes(app, ctx);
  registerAdminConversationRoutes(app, ctx);
  await registerBillingRoutes(app, ctx, createInbound({ db: ctx.db, jobs, log: app.log }));
  registerApiReference(app);

  await registerStaticClient(app, deps.env.CLIENT_DIST_DIR);
  return app;
}
