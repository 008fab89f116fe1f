import { Redis } from 'ioredis';

/**
 * The one Redis connection factory (ARCHITECTURE.md "runtime pieces"): with `REDIS_URL` set,
 * rate limits, the realtime layer and anything else that must hold across instances use Redis;
 * without it every such piece stays in-process.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    // Commands fail fast while Redis is down instead of queueing without bound; callers decide.
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: true,
  });
  await redis.connect();
  return redis;
}

/**
 * A second connection for SUBSCRIBE: a subscribed Redis connection can issue no other commands.
 */
export function duplicateForSubscribe(redis: Redis): Redis {
  return redis.duplicate({ maxRetriesPerRequest: null });
}
