import type { Redis } from 'ioredis';
import type { ProviderCredentialsStore } from '#server/ai/provider-credentials.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import type { AppSettingsStore } from '#server/app-settings/app-settings.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { SessionUser } from '#server/features/auth/sessions.service.ts';
import type { Attachments } from '#server/ports/attachments.ts';
import type { GenerationControl } from '#server/ports/generations.ts';
import type { AppMetrics } from '#server/observability/metrics.ts';
import type { ServerLogs } from '#server/observability/server-logs.ts';
import type { SessionControl } from '#server/ports/sessions.ts';
import type { SubscriptionControl } from '#server/ports/subscriptions.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import type { RateLimitStore } from './rate-limit.ts';

/** What every feature receives from buildApp(). */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  /** APP_SECRET: keys session-token hashes. */
  secret: string;
  /** Present when REDIS_URL is set: state that several instances must share goes there. */
  redis: Redis | undefined;
  /** Rate-limit counters: in Redis when it is configured (shared by instances), else in-process. */
  rateLimits: RateLimitStore;
  /** Files attached to chat messages (implemented by features/files, used by features/chat). */
  attachments: Attachments;
  /** Replies being generated (implemented by features/chat, used by features/conversations). */
  generations: GenerationControl;
  /** Topics heard by every instance (realtime/topics.ts). */
  pubsub: PubSub;
  /** The administrator's run-time settings, current on every instance within 30 s. */
  appSettings: AppSettingsStore;
  /** The one metrics registry of this instance (GET /metrics, the admin performance screen). */
  metrics: AppMetrics;
  /** This instance's recent log lines (the admin logs screen). */
  logs: ServerLogs;
  /** AI provider keys and endpoints: the admin area's (sealed) over the environment's. */
  providerCredentials: ProviderCredentialsStore;
  /** The AI providers for the credentials in effect now (shared by chat and models). */
  providers: AiProviders;
  /** Ending sessions and their open streams (implemented by features/auth, used by admin). */
  sessions: SessionControl;
  /** Cancelling subscriptions at the provider (implemented by features/billing, used by admin). */
  subscriptions: SubscriptionControl;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie before any handler runs. */
    user: SessionUser | null;
    sessionId: number | null;
  }
}
