import {
  addressKey,
  RateLimiter,
  secondsUntil,
  type RateLimitStore,
  type RateLimitVerdict,
} from '#server/http/rate-limit.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Brute-force limits of the account endpoints (docs/decisions/062-login-throttling.md).
 *
 * Wrong passwords are counted per (address, username): after a few, that pair waits a delay that
 * doubles with each further failure. So whoever guesses from one address slows only themselves,
 * and the owner signs in from anywhere else (issue 15 item 7: ten wrong passwords used to lock the
 * account everywhere for 15 minutes). A per-username cap, far higher, stops guessing one account
 * from many addresses; a per-address cap stops spraying many accounts from one.
 */
export const AUTH_LIMITS = {
  /** Wrong passwords one address may try for one username before the delays start. */
  freeFailuresPerPair: 5,
  /** Window of the per-pair failure count. */
  pairWindowMs: 60 * MINUTE,
  /** Delay after the last free failure; doubles with each further one, up to maxDelayMs. */
  firstDelayMs: 30 * SECOND,
  maxDelayMs: 15 * MINUTE,
  /** Wrong passwords per username from all addresses together. */
  failuresPerUsername: { limit: 100, windowMs: 15 * MINUTE },
  /** All login attempts per client address, successful or not. */
  loginsPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Registrations per client address; the limit is REGISTRATIONS_PER_IP_PER_HOUR (default 10). */
  registrationsPerIp: { windowMs: 60 * MINUTE },
} as const;

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;

const usernameKey = (username: string) => username.trim().toLowerCase();
const pairKey = (ip: string, username: string) => `${addressKey(ip)}|${usernameKey(username)}`;

/** The wait after the n-th failure of a pair (n counts from 1); 0 while failures are free. */
export function delayAfterFailure(failures: number): number {
  const beyond = failures - AUTH_LIMITS.freeFailuresPerPair;
  if (beyond < 0) return 0;
  return Math.min(AUTH_LIMITS.firstDelayMs * 2 ** beyond, AUTH_LIMITS.maxDelayMs);
}

export function createAuthThrottle(
  store: RateLimitStore,
  registrationsPerHour: number,
  clock: () => number = Date.now,
) {
  const limiter = (name: string, rule: { limit: number; windowMs: number }) =>
    new RateLimiter(store, { name, ...rule }, clock);
  const byUsername = limiter('login-failures', AUTH_LIMITS.failuresPerUsername);
  const logins = limiter('login-ip', AUTH_LIMITS.loginsPerIp);
  const registrations = limiter('register-ip', {
    limit: registrationsPerHour,
    ...AUTH_LIMITS.registrationsPerIp,
  });
  // Only counted; the delays decide (a pair is never refused for its count alone).
  const pairFailures = limiter('login-pair-failures', {
    limit: Number.MAX_SAFE_INTEGER,
    windowMs: AUTH_LIMITS.pairWindowMs,
  });
  const cooldownKey = (pair: string) => `login-pair-wait:${pair}`;

  /** Whether this address may try a password for this username now. */
  async function admitPassword(ip: string, username: string): Promise<RateLimitVerdict> {
    const now = clock();
    const wait = await store.get(cooldownKey(pairKey(ip, username)), now);
    if (!wait) return byUsername.check(usernameKey(username));
    return {
      allowed: false,
      count: wait.count,
      retryAfterSeconds: secondsUntil(wait.resetAt, now),
    };
  }

  return {
    /** Counts a login attempt from this address, then checks the pair's wait and the username's cap. */
    async admitLogin(ip: string, username: string): Promise<RateLimitVerdict> {
      const byIp = await logins.consume(addressKey(ip));
      if (!byIp.allowed) return byIp;
      return admitPassword(ip, username);
    },
    /** The same checks without counting a login (the current password of a profile change). */
    admitPassword,
    async recordFailure(ip: string, username: string) {
      const pair = pairKey(ip, username);
      const [, failures] = await Promise.all([
        byUsername.consume(usernameKey(username)),
        pairFailures.consume(pair),
      ]);
      const delay = delayAfterFailure(failures.count);
      if (delay === 0) return;
      // A fresh window as long as the delay: the pair is refused until it ends.
      await store.reset(cooldownKey(pair));
      await store.increment(cooldownKey(pair), delay, clock());
    },
    /** The right password ends the pair's delays; the username's cap keeps counting. */
    async recordSuccess(ip: string, username: string) {
      const pair = pairKey(ip, username);
      await Promise.all([pairFailures.reset(pair), store.reset(cooldownKey(pair))]);
    },
    admitRegistration(ip: string) {
      return registrations.consume(addressKey(ip));
    },
  };
}
