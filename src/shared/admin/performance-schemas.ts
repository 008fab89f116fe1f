import { z } from 'zod';

/** Latency of one route pattern (never a raw URL) over the window. */
export const RouteStatsSchema = z.object({
  method: z.string(),
  route: z.string(),
  count: z.number().int(),
  perMinute: z.number(),
  p50Ms: z.number(),
  p95Ms: z.number(),
  /** Answers with a 5xx status. */
  serverErrors: z.number().int(),
});
export type RouteStats = z.infer<typeof RouteStatsSchema>;

export const FirstTokenStatsSchema = z.object({
  model: z.string(),
  count: z.number().int(),
  p50Ms: z.number(),
  p95Ms: z.number(),
});
export type FirstTokenStats = z.infer<typeof FirstTokenStatsSchema>;

/** GET /api/admin/performance (issue 12): this instance, from the registry /metrics prints. */
export const PerformanceSchema = z.object({
  generatedAt: z.iso.datetime(),
  /** Rates and percentiles cover this many seconds up to now. */
  windowSeconds: z.number(),
  instance: z.object({ hostname: z.string(), pid: z.number().int() }),
  build: z.object({
    version: z.string(),
    commit: z.string().nullable(),
    node: z.string(),
    startedAt: z.iso.datetime(),
    uptimeSeconds: z.number(),
  }),
  routes: z.array(RouteStatsSchema),
  firstToken: z.array(FirstTokenStatsSchema),
  eventLoop: z.object({ p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  memory: z.object({
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
    externalBytes: z.number(),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    pool: z
      .object({ total: z.number().int(), idle: z.number().int(), waiting: z.number().int() })
      .nullable(),
    appliedMigrations: z.number().int(),
    pendingMigrations: z.array(z.string()),
  }),
  connections: z.object({ eventStreams: z.number().int(), sockets: z.number().int() }),
});
export type Performance = z.infer<typeof PerformanceSchema>;
