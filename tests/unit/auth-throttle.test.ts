import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS, createAuthThrottle } from '#server/features/auth/auth-throttle.ts';
import { MemoryRateLimitStore } from '#server/http/rate-limit.ts';

const SECOND = 1000;

describe('login throttling per address and username', () => {
  it('makes one address wait longer after every further wrong password, up to 15 minutes', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const throttle = createAuthThrottle(new MemoryRateLimitStore(), 10, () => now);
    const fail = () => throttle.recordFailure('10.0.0.1', 'Mira');

    for (let i = 0; i < AUTH_LIMITS.freeFailuresPerPair - 1; i++) await fail();
    expect((await throttle.admitLogin('10.0.0.1', 'mira')).allowed).toBe(true);

    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      await fail();
      const refused = await throttle.admitLogin('10.0.0.1', 'mira');
      expect(refused.allowed).toBe(false);
      waits.push(refused.retryAfterSeconds);
      now += refused.retryAfterSeconds * SECOND;
      expect((await throttle.admitLogin('10.0.0.1', 'MIRA')).allowed).toBe(true);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);

    // Another address, and another username from this address, never waited.
    expect((await throttle.admitLogin('10.0.0.2', 'mira')).allowed).toBe(true);
    expect((await throttle.admitLogin('10.0.0.1', 'someone')).allowed).toBe(true);
  });

  it('ends the waiting of an address once it signs in with the right password', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const throttle = createAuthThrottle(new MemoryRateLimitStore(), 10, () => now);
    for (let i = 0; i < AUTH_LIMITS.freeFailuresPerPair; i++) {
      await throttle.recordFailure('10.0.0.1', 'mira');
    }
    now += 30 * SECOND;
    await throttle.recordSuccess('10.0.0.1', 'mira');
    await throttle.recordFailure('10.0.0.1', 'mira');
    expect((await throttle.admitLogin('10.0.0.1', 'mira')).allowed).toBe(true);
  });
});
