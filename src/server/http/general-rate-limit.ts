import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addressKey,
  describeWait,
  RateLimitedError,
  RateLimiter,
  type RateLimitStore,
} from './rate-limit.ts';
import { isApiRequest, routePath } from './request-path.ts';

/** What a route costs: reads are cheap, chats call a paid AI provider, exports build files. */
export type RateLimitClass = 'read' | 'write' | 'chat' | 'upload' | 'export';

/**
 * `exempt`: a provider's webhook, whose signature on the raw body is its gate. A burst of events
 * from a provider's few addresses must not be refused and retried late (decision 306).
 */
export type RouteRateLimit = RateLimitClass | 'exempt';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides the class the general rate limit gives a route (see classify). */
    rateLimit?: RouteRateLimit;
  }
}

const WINDOW_MS = 60_000;

/**
 * Requests per minute, per signed-in user and per client address (docs/decisions/061-rate-limits.md,
 * README "Rate limits"). An address carries more than a user: several people share one behind NAT.
 * RATE_LIMIT_FACTOR multiplies them all.
 */
export const GENERAL_LIMITS: Record<RateLimitClass, { perUser: number; perAddress: number }> = {
  read: { perUser: 600, perAddress: 1200 },
  write: { perUser: 120, perAddress: 240 },
  chat: { perUser: 30, perAddress: 90 },
  upload: { perUser: 30, perAddress: 60 },
  export: { perUser: 10, perAddress: 30 },
};

/**
 * Routes of other classes than their method gives. Kept here, in one table, so the limits can be
 * read in one place; a route may also declare `config.rateLimit` itself.
 */
export const ROUTE_CLASSES: Record<string, RateLimitClass> = {
  'POST /api/chat': 'chat',
  'POST /api/chat/edit': 'chat',
  'POST /api/chat/regenerate': 'chat',
  'POST /api/files': 'upload',
  'GET /api/conversations/:conversationId/export': 'export',
};

export type RateLimitScope = 'perUser' | 'perAddress';

/** A class's limit per minute after RATE_LIMIT_FACTOR, never below one request. */
export function generalLimit(kind: RateLimitClass, scope: RateLimitScope, factor: number) {
  return Math.max(1, Math.round(GENERAL_LIMITS[kind][scope] * factor));
}

export function classify(request: FastifyRequest): RouteRateLimit {
  const declared = request.routeOptions.config.rateLimit;
  if (declared) return declared;
  const listed = ROUTE_CLASSES[`${request.method} ${routePath(request)}`];
  if (listed) return listed;
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}

/**
 * Every matched /api route counts against its class's per-address limit and, signed in, its
 * per-user limit; past either the answer is 429 RATE_LIMIT_ERROR with Retry-After (issue 15
 * item 3). Registered after the session resolver (it needs the user) and before access control,
 * so refused guests are counted too. The login and registration limits come on top (auth-throttle.ts).
 * Routes declared `exempt` (verified provider webhooks) are not counted.
 */
export function registerGeneralRateLimit(
  app: FastifyInstance,
  store: RateLimitStore,
  factor: number,
) {
  const limiters = new Map<string, RateLimiter>();
  const limiter = (kind: RateLimitClass, scope: RateLimitScope) => {
    const name = `general-${kind}-${scope}`;
    let found = limiters.get(name);
    if (!found) {
      const limit = generalLimit(kind, scope, factor);
      found = new RateLimiter(store, { name, limit, windowMs: WINDOW_MS });
      limiters.set(name, found);
    }
    return found;
  };

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined || !isApiRequest(request)) return;
    if (request.method === 'OPTIONS') return;
    const kind = classify(request);
    if (kind === 'exempt') return;
    const verdicts = await Promise.all([
      limiter(kind, 'perAddress').consume(addressKey(request.ip)),
      request.user ? limiter(kind, 'perUser').consume(String(request.user.id)) : null,
    ]);
    const refused = verdicts.filter((verdict) => verdict !== null && !verdict.allowed);
    if (refused.length === 0) return;
    const retryAfter = Math.max(...refused.map((verdict) => verdict!.retryAfterSeconds));
    throw new RateLimitedError(
      retryAfter,
      `Too many requests. Please try again in ${describeWait(retryAfter)}.`,
    );
  });
}
