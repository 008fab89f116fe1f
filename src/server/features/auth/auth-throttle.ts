import {
  RateLimiter,
  type RateLimitStore,
  type RateLimitVerdict,
} from '#server/http/rate-limit.ts';

const MINUTE = 60_000;

/**
 * Brute-force limits of the account endpoints. Per username stops guessing one account from many
 * IPs; per IP stops spraying many accounts from one client.
 */
export const AUTH_LIMITS = {
  /** Wrong passwords per username; a successful login clears the count. */
  failuresPerUsername: { limit: 10, windowMs: 15 * MINUTE },
  /** All login attempts per client IP, successful or not. */
  loginsPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Registrations per client IP; the limit is REGISTRATIONS_PER_IP_PER_HOUR (default 10). */
  registrationsPerIp: { windowMs: 60 * MINUTE },
} as const;

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;

const usernameKey = (username: string) => username.trim().toLowerCase();

export function createAuthThrottle(
  store: RateLimitStore,
  registrationsPerHour: number,
  clock: () => number = Date.now,
) {
  const failures = new RateLimiter(
    store,
    { name: 'login-failures', ...AUTH_LIMITS.failuresPerUsername },
    clock,
  );
  const logins = new RateLimiter(store, { name: 'login-ip', ...AUTH_LIMITS.loginsPerIp }, clock);
  const registrations = new RateLimiter(
    store,
    { name: 'register-ip', limit: registrationsPerHour, ...AUTH_LIMITS.registrationsPerIp },
    clock,
  );

  return {
    /** Counts a login attempt from this IP and checks the username's failure budget. */
    async admitLogin(ip: string, username: string): Promise<RateLimitVerdict> {
      const byIp = await logins.consume(ip);
      if (!byIp.allowed) return byIp;
      return failures.check(usernameKey(username));
    },
    /** Checks the failure budget without counting a login (password changes). */
    checkFailures(username: string) {
      return failures.check(usernameKey(username));
    },
    async recordFailure(username: string) {
      await failures.consume(usernameKey(username));
    },
    async recordSuccess(username: string) {
      await failures.reset(usernameKey(username));
    },
    admitRegistration(ip: string) {
      return registrations.consume(ip);
    },
  };
}

/** "15 minutes", "1 minute", "30 seconds" — for the toast text. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
