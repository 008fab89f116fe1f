import { z } from 'zod';

/** GET /healthz: the process answers. */
export const LivenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof LivenessSchema>;

/**
 * GET /readyz: the database answers too, and Redis when REDIS_URL is set (503 with the error
 * envelope naming which one does not).
 */
export const ReadinessSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  redis: z.literal('ok').optional(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
