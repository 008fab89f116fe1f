import type { Redis } from 'ioredis';

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
  // Imported here: ioredis is ≈ 20 MiB of memory an instance without REDIS_URL never needs.
  const { Redis } = await import('ioredis');
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
  const subscriber = redis.duplicate({ maxRetriesPerRequest: null });
  // Its outages are the main connection's (logged by watchRedis); without a listener ioredis
  // writes every failed reconnect to stderr.
  subscriber.on('error', () => {});
  return subscriber;
}

/**
 * Logs an outage once when it starts and once when it ends, instead of ioredis' unhandled
 * error line per reconnect attempt; /readyz reports it meanwhile.
 */
export function watchRedis(redis: Redis, log: { warn: LogFn; info: LogFn }) {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis connection lost; retrying');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis connection back');
  });
}

/**
 * ioredis' errors for "Redis cannot be reached": commands that ran out of reconnect attempts, or
 * met a closed connection. Answered 503 (the error handler), not as a server fault.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.' ||
    error.message.startsWith("Stream isn't writeable")
  );
}

type LogFn = (object: object | string, message?: string) => void;
