import type { Redis } from 'ioredis';
import type { RateLimitStore, RateLimitWindow } from './rate-limit.ts';

/**
 * One round trip, atomic: the first hit of a window creates the key with its expiry, later hits
 * only count. A crash between INCR and PEXPIRE cannot leave a counter without an expiry, and two
 * instances hitting the same key at once both see the right count.
 */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

interface RateLimitCommands {
  rateLimitIncrement(key: string, windowMs: number): Promise<[number, number]>;
  rateLimitPeek(key: string): Promise<[number, number] | null>;
}

/**
 * Counters in Redis, shared by every instance with the same REDIS_PREFIX (ioredis prefixes the
 * keys). Expiry is Redis's own clock; `now` only turns the remaining time into a reset instant.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis & RateLimitCommands;

  constructor(redis: Redis) {
    if (!('rateLimitIncrement' in redis)) {
      redis.defineCommand('rateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT });
      redis.defineCommand('rateLimitPeek', { numberOfKeys: 1, lua: PEEK });
    }
    this.redis = redis as Redis & RateLimitCommands;
  }

  async increment(key: string, windowMs: number, now: number): Promise<RateLimitWindow> {
    const [count, ttl] = await this.redis.rateLimitIncrement(this.key(key), windowMs);
    return { count, resetAt: now + Math.max(ttl, 0) };
  }

  async get(key: string, now: number): Promise<RateLimitWindow | null> {
    const found = await this.redis.rateLimitPeek(this.key(key));
    if (!found || found[1] <= 0) return null;
    return { count: found[0], resetAt: now + found[1] };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }

  private key(key: string) {
    return `rate-limit:${key}`;
  }
}
