import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '#server/features/auth/auth-throttle.ts';
import { generalLimit } from '#server/http/general-rate-limit.ts';
import { nextIp, uniqueUsername } from '#tests/support/auth-helpers.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** Both instances share this prefix (as instances of one deployment do); no other test run sees it. */
const PREFIX = `orbit-test-${randomBytes(6).toString('hex')}:`;
const FACTOR = 0.05;
const REGISTRATIONS = 4;

let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  const env = {
    REDIS_URL,
    REDIS_PREFIX: PREFIX,
    RATE_LIMIT_FACTOR: String(FACTOR),
    REGISTRATIONS_PER_IP_PER_HOUR: String(REGISTRATIONS),
  };
  a = await createTestApp(env);
  b = await createTestApp(env);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** The two instances in turn, as a load balancer hands out requests. */
const alternate = (i: number) => (i % 2 === 0 ? a : b);

describe('rate limits shared by two instances through Redis', () => {
  it('refuses the registration past the limit, counting both instances', async () => {
    const remoteAddress = nextIp();
    const register = (t: TestContext) =>
      api(t.app, {
        method: 'POST',
        url: '/api/register',
        payload: { username: uniqueUsername('twin'), password: 'long enough pw' },
        remoteAddress,
      });
    for (let i = 0; i < REGISTRATIONS; i++) {
      expect((await register(alternate(i))).statusCode).toBe(201);
    }
    // Each instance has seen only half the limit, yet both refuse.
    expect((await register(a)).statusCode).toBe(429);
    const refused = await register(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMIT_ERROR' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('makes an address wait after wrong passwords spread over both instances', async () => {
    const remoteAddress = nextIp();
    const username = uniqueUsername('guess');
    const login = (t: TestContext) =>
      api(t.app, {
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'wrong password' },
        remoteAddress,
      });
    for (let i = 0; i < AUTH_LIMITS.freeFailuresPerPair; i++) {
      expect((await login(alternate(i))).statusCode).toBe(401);
    }
    expect((await login(a)).statusCode).toBe(429);
    expect((await login(b)).statusCode).toBe(429);
  });

  it('counts the general limit of one address on both instances', async () => {
    const remoteAddress = nextIp();
    const read = (t: TestContext) => api(t.app, { method: 'GET', url: '/api/user', remoteAddress });
    for (let i = 0; i < generalLimit('read', 'perAddress', FACTOR); i++) {
      expect((await read(alternate(i))).statusCode).toBe(401);
    }
    expect((await read(a)).statusCode).toBe(429);
    expect((await read(b)).statusCode).toBe(429);
  });
});
