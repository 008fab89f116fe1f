import { isIP } from 'node:net';
import { AppError } from '#shared/errors/app-error.ts';

/** A fixed-window counter: how often a key was hit in the current window and when it resets. */
export interface RateLimitWindow {
  count: number;
  resetAt: number;
}

/**
 * Where counters live: in-process (MemoryRateLimitStore), or in Redis when REDIS_URL is set
 * (RedisRateLimitStore), so several API servers share every limit.
 */
export interface RateLimitStore {
  increment(key: string, windowMs: number, now: number): Promise<RateLimitWindow>;
  get(key: string, now: number): Promise<RateLimitWindow | null>;
  reset(key: string): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, RateLimitWindow>();
  private nextSweep = 0;

  async increment(key: string, windowMs: number, now: number): Promise<RateLimitWindow> {
    this.sweep(now);
    const current = this.windows.get(key);
    if (current && current.resetAt > now) {
      current.count += 1;
      return { ...current };
    }
    const fresh = { count: 1, resetAt: now + windowMs };
    this.windows.set(key, fresh);
    return { ...fresh };
  }

  async get(key: string, now: number): Promise<RateLimitWindow | null> {
    const current = this.windows.get(key);
    return current && current.resetAt > now ? { ...current } : null;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Drops finished windows now and then, so memory stays bounded by recent traffic. */
  private sweep(now: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}

export interface RateLimitRule {
  /** Namespaces keys so several limiters can share one store. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Hits counted in the current window (including this one, for consume). */
  count: number;
  /** Whole seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rule: RateLimitRule,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one hit; refused once the limit is exceeded within the window. */
  async consume(key: string): Promise<RateLimitVerdict> {
    const now = this.clock();
    const window = await this.store.increment(this.key(key), this.rule.windowMs, now);
    return this.verdict(window.count <= this.rule.limit, window, now);
  }

  /** Whether another hit would still be allowed, without counting one. */
  async check(key: string): Promise<RateLimitVerdict> {
    const now = this.clock();
    const window = await this.store.get(this.key(key), now);
    if (!window) return { allowed: true, count: 0, retryAfterSeconds: 0 };
    return this.verdict(window.count < this.rule.limit, window, now);
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(this.key(key));
  }

  private key(key: string) {
    return `${this.rule.name}:${key}`;
  }

  private verdict(allowed: boolean, window: RateLimitWindow, now: number): RateLimitVerdict {
    return {
      allowed,
      count: window.count,
      retryAfterSeconds: allowed ? 0 : secondsUntil(window.resetAt, now),
    };
  }
}

/** Whole seconds until `resetAt`, at least 1 (a Retry-After of 0 invites an instant retry). */
export function secondsUntil(resetAt: number, now: number) {
  return Math.max(1, Math.ceil((resetAt - now) / 1000));
}

/**
 * 429 RATE_LIMIT_ERROR (spec 01-core §8); the error handler adds the Retry-After header (RFC 9110 §10.2.3).
 */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super('RATE_LIMIT_ERROR', 429, message, { retryAfterSeconds });
  }
}

/** "15 minutes", "1 minute", "30 seconds" — for the toast text. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The key an address is counted under. An IPv6 client usually holds a whole /64 and can pick a new
 * address per request, so IPv6 addresses count by their /64; an IPv4-mapped IPv6 address counts as
 * the IPv4 address it is.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
