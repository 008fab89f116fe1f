import { Redis } from 'ioredis';

/**
 * The one Redis connection factory (ARCHITECTURE.md "runtime pieces"): with `REDIS_URL` set,
 * rate limits, the realtime layer and anything else that must hold across instances use Redis;
 * without it every such piece stays in-process.
 *
 * Every key starts with `prefix` (ioredis `keyPrefix`); pub/sub channel names are not prefixed by
 * ioredis, so channel users prepend `redisPrefix(redis)` themselves. Instances that must act as one
 * share a prefix; tests give each pair of instances its own, so parallel runs never meet.
 */
export async function connectRedis(url: string, prefix: string): Promise<Redis> {
  const redis = new Redis(url, {
    keyPrefix: prefix,
    // Commands fail fast while Redis is down instead of queueing without bound; callers decide.
    maxRetriesPerRequest: 2,
    lazyConnect: true,
  });
  await redis.connect();
  return redis;
}

/** The key prefix of a connection, for channel names (which ioredis does not prefix). */
export function redisPrefix(redis: Redis): string {
  return redis.options.keyPrefix ?? '';
}

/** A second connection for SUBSCRIBE: a subscribed Redis connection can issue no other commands. */
export function duplicateForSubscribe(redis: Redis): Redis {
  return redis.duplicate({ maxRetriesPerRequest: null });
}
