import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createProviderCredentials } from '#server/ai/provider-credentials.ts';
import { createAiProviders } from '#server/ai/providers.ts';
import { createAppSettings } from '#server/app-settings/app-settings.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { registerAdminPredefinedAnswerRoutes } from '#server/features/admin-predefined-answers/admin-predefined-answers.routes.ts';
import { registerAdminConversationRoutes } from '#server/features/admin-conversations/admin-conversations.routes.ts';
import { registerAdminProviderKeyRoutes } from '#server/features/admin-provider-keys/admin-provider-keys.routes.ts';
import { registerAdminSettingsRoutes } from '#server/features/admin-settings/admin-settings.routes.ts';
import { registerAppConfigRoutes } from '#server/features/admin-settings/app-config.routes.ts';
import { registerAuditLogRoutes } from '#server/features/audit-log/audit-log.routes.ts';
import { registerBackupRoutes } from '#server/features/backups/backups.routes.ts';
import { registerBillingRoutes } from '#server/features/billing/billing.routes.ts';
import { registerOmnichannelRoutes } from '#server/features/omnichannel/omnichannel.routes.ts';
import { registerReferralRoutes } from '#server/features/referral/referral.routes.ts';
import { registerApiKeyResolver } from '#server/features/api-keys/api-key-auth.ts';
import { registerAdminApiKeyRoutes } from '#server/features/api-keys/admin-api-keys.routes.ts';
import { registerApiKeyRoutes } from '#server/features/api-keys/api-keys.routes.ts';
import { registerAdminTokenRoutes } from '#server/features/admin-tokens/admin-tokens.routes.ts';
import { registerAuthRoutes } from '#server/features/auth/auth.routes.ts';
import { SESSION_COOKIE } from '#server/features/auth/sessions.service.ts';
import { registerSessionResolver } from '#server/features/auth/session-cookie.ts';
import { createSessionControl } from '#server/features/auth/session-control.ts';
import { createSubscriptionControl } from '#server/features/billing/subscription-control.ts';
import { registerAdminDashboardRoutes } from '#server/features/admin-dashboard/admin-dashboard.routes.ts';
import { registerAdminSecurityRoutes } from '#server/features/admin-security/admin-security.routes.ts';
import { registerAdminUserRoutes } from '#server/features/admin-users/admin-users.routes.ts';
import { registerChatRoutes } from '#server/features/chat/chat.routes.ts';
import { registerClientErrorRoutes } from '#server/features/client-errors/client-errors.routes.ts';
import { registerConversationRoutes } from '#server/features/conversations/conversations.routes.ts';
import { registerExportRoutes } from '#server/features/export/export.routes.ts';
import { createAttachments } from '#server/features/files/attachments.ts';
import { registerFileRoutes } from '#server/features/files/files.routes.ts';
import { registerHealthRoutes } from '#server/features/health/health.routes.ts';
import { registerModelRoutes } from '#server/features/models/models.routes.ts';
import { registerOpenAiRoutes } from '#server/features/openai-api/openai-api.routes.ts';
import { registerPersonaRoutes } from '#server/features/personas/personas.routes.ts';
import { registerCodehubRoutes } from '#server/features/codehub/codehub.routes.ts';
import {
  registerLiveSessionRoutes,
  registerWebSockets,
} from '#server/features/codehub/live-sessions.routes.ts';
import { registerWebsiteBuilderRoutes } from '#server/features/website-builder/website-builder.routes.ts';
import { registerSearchRoutes } from '#server/features/search/search.routes.ts';
import { registerSettingsRoutes } from '#server/features/settings/settings.routes.ts';
import { registerAccessControl } from '#server/http/access.ts';
import { registerApiReference } from '#server/http/api-reference.ts';
import { registerJsonCompression } from '#server/http/compression.ts';
import { registerCsrfProtection } from '#server/http/csrf.ts';
import { frameworkErrors, registerErrorHandler } from '#server/http/error-handler.ts';
import { registerGeneralRateLimit } from '#server/http/general-rate-limit.ts';
import { registerHostCheck } from '#server/http/host-check.ts';
import { registerOpenApi } from '#server/http/openapi.ts';
import { createMaintenanceHold, registerMaintenanceMode } from '#server/http/maintenance.ts';
import { MemoryRateLimitStore } from '#server/http/rate-limit.ts';
import { RedisRateLimitStore } from '#server/http/redis-rate-limit-store.ts';
import { watchRedis } from '#server/redis.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { createLiveConnections } from '#server/http/live-connections.ts';
import { isApiRequest } from '#server/http/request-path.ts';
import { registerSecurityHeaders } from '#server/http/security-headers.ts';
import { registerStaticClient } from '#server/http/static-client.ts';
import { fastifyTrustProxy } from '#server/http/trust-proxy.ts';
import { createJobs } from '#server/jobs/job-runner.ts';
import { createRealtime } from '#server/realtime/realtime.ts';
import { buildInfo } from '#server/observability/build-info.ts';
import { loggerOptions } from '#server/observability/logger-options.ts';
import { createMetrics } from '#server/observability/metrics.ts';
import { registerRequestMetrics } from '#server/observability/request-metrics.ts';
import { emptyServerLogs, type ServerLogs } from '#server/observability/server-logs.ts';
import { registerPerformanceRoutes } from '#server/features/performance/performance.routes.ts';
import { registerServerLogRoutes } from '#server/features/server-logs/server-logs.routes.ts';
import { createSecrets } from '#server/secrets/secrets.ts';
import { createInbound } from '#server/webhooks/inbound.ts';

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  secret: string;
  /** Shared by every instance when REDIS_URL is set (redis.ts); absent: everything in-process. */
  redis?: Redis;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The log the admin screen reads (observability/server-logs.ts); absent: an empty one. */
  logs?: ServerLogs;
  /** Sees every route as it is registered (the API contract tests walk them all). */
  onRoute?: (route: RouteOptions) => void;
  /** The time as scheduled work sees it (backups, omnichannel SLA); tests pass a clock they move. */
  clock?: () => Date;
}

/** Largest JSON body accepted; uploads have their own limit. */
const BODY_LIMIT = 1024 * 1024;

export { loggerOptions } from '#server/observability/logger-options.ts';

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
  const metrics = createMetrics({
    pool: () => deps.database.poolStats?.(),
    sockets: () =>
      new Promise((resolve) =>
        app.server.getConnections((error, count) => resolve(error ? 0 : count)),
      ),
    build: buildInfo(deps.env.GIT_COMMIT),
  });
  app.addHook('onClose', () => metrics.close());
  registerRequestMetrics(app, metrics);
  const appSettings = await createAppSettings({ db: deps.database.db, pubsub, log: app.log });
  app.addHook('onClose', () => appSettings.close());
  const providerCredentials = await createProviderCredentials({
    db: deps.database.db,
    env: deps.env,
    secrets: createSecrets(deps.secret),
    pubsub,
    log: app.log,
  });
  app.addHook('onClose', () => providerCredentials.close());
  // A suspended or deleted user's replies stop costing upstream tokens at once.
  const liveConnections = await createLiveConnections(
    pubsub,
    (userId) => void generations.cancelUserReplies(userId),
  );
  app.addHook('onClose', () => liveConnections.stop());
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
    metrics,
    logs: deps.logs ?? emptyServerLogs(deps.env),
    providerCredentials,
    providers: createAiProviders(() => providerCredentials.current()),
    sessions: createSessionControl(liveConnections),
    subscriptions: createSubscriptionControl(jobs, deps.env),
  };

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerHostCheck(app, deps.env.PUBLIC_URL);
  await app.register(cookie);
  const webSockets = await registerWebSockets(app);
  registerCsrfProtection(app, deps.env.ALLOWED_ORIGINS);
  registerSessionResolver(app, ctx);
  registerApiKeyResolver(app, ctx);
  app.addHook('onRequest', (request, reply) => liveConnections.track(request, reply));
  registerGeneralRateLimit(app, ctx.rateLimits, deps.env.RATE_LIMIT_FACTOR);
  registerAccessControl(app);
  // Held by a restore, which replaces the stored settings themselves (decision 151).
  const maintenance = createMaintenanceHold();
  registerMaintenanceMode(app, appSettings, maintenance);
  await registerOpenApi(app, SESSION_COOKIE);

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // A route that may be cached says so itself (GET /api/app-config).
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
  });
  registerJsonCompression(app);

  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerPersonaRoutes(app, ctx);
  registerCodehubRoutes(app, ctx);
  await registerLiveSessionRoutes(app, ctx, webSockets);
  registerWebsiteBuilderRoutes(app, ctx);
  registerClientErrorRoutes(app, ctx);
  await registerFileRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  await registerModelRoutes(app, ctx);
  const completions = registerChatRoutes(app, ctx, ctx.attachments, generations);
  registerApiKeyRoutes(app, ctx);
  registerAdminApiKeyRoutes(app, ctx);
  registerOpenAiRoutes(app, completions);
  registerAdminTokenRoutes(app, ctx);
  registerConversationRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerReferralRoutes(app, ctx);
  registerAuditLogRoutes(app, ctx);
  registerAdminSettingsRoutes(app, ctx);
  registerAdminPredefinedAnswerRoutes(app, ctx);
  registerAdminConversationRoutes(app, ctx);
  registerPerformanceRoutes(app, ctx);
  registerServerLogRoutes(app, ctx);
  registerAppConfigRoutes(app, ctx);
  registerAdminProviderKeyRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);
  registerAdminSecurityRoutes(app, ctx);
  registerAdminDashboardRoutes(app, ctx);
  const clock = deps.clock ?? (() => new Date());
  await registerBackupRoutes(app, ctx, { maintenance, clock });
  await registerBillingRoutes(app, ctx, createInbound({ db: ctx.db, jobs, log: app.log }));
  await registerOmnichannelRoutes(app, ctx, { clock });
  registerApiReference(app);

  await registerStaticClient(app, deps.env.CLIENT_DIST_DIR);
  return app;
}
