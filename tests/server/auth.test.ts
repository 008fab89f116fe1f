import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '#server/db/schema/settings.ts';
import { users, userSessions } from '#server/db/schema/users.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';
import type { ErrorEnvelope } from '#shared/errors/app-error.ts';
import {
  cookieHeaderOf,
  nextIp,
  PUBLIC_USER_KEYS,
  sessionCookieOf,
  uniqueUsername,
} from '#tests/support/auth-helpers.ts';
import { createUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

const APP_ORIGIN = 'https://app.example.com';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', ALLOWED_ORIGINS: APP_ORIGIN });
});
afterAll(() => t.close());

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  api(t.app, {
    method: 'POST',
    url: '/api/register',
    payload: payload as object,
    headers,
    remoteAddress: nextIp(),
  });

describe('POST /api/register', () => {
  it('creates the account with settings defaults and signs the user in', async () => {
    const username = uniqueUsername('Reg');
    const response = await register({ username, password: 'long enough pw', displayName: ' Ana ' });

    expect(response.statusCode).toBe(201);
    const body = response.json<PublicUser>();
    expect(Object.keys(body).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(body).toMatchObject({
      username,
      displayName: 'Ana',
      isAdmin: false,
      isSubscribed: false,
      subscriptionTier: 'free',
      subscriptionExpiry: null,
    });

    const cookie = sessionCookieOf(response)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeUndefined();
    // Without remember-me the cookie ends with the browser session.
    expect(cookie.expires).toBeUndefined();

    const me = await api(t.app, {
      method: 'GET',
      url: '/api/user',
      cookie: cookieHeaderOf(response),
    });
    expect(me.json()).toEqual(body);

    const [row] = await t.db.select().from(users).where(eq(users.id, body.id));
    expect(row!.password).toMatch(/^\$argon2id\$/);
    const [prefs] = await t.db.select().from(settings).where(eq(settings.userId, body.id));
    // No model chosen yet: the administrator's default model answers (decision 172).
    expect(prefs).toMatchObject({ theme: 'dunkel', language: 'de', aiModel: null });
    const logins = await t.db.select().from(userSessions).where(eq(userSessions.userId, body.id));
    expect(logins).toEqual([
      expect.objectContaining({ loginMethod: 'register', successful: true }),
    ]);
  });

  it('marks the cookie Secure when a trusted proxy says the request came over https', async () => {
    const response = await register(
      { username: uniqueUsername(), password: 'long enough pw' },
      { 'x-forwarded-proto': 'https' },
    );
    expect(response.statusCode).toBe(201);
    expect(sessionCookieOf(response)).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  it('refuses a username that differs only in case with 409', async () => {
    const username = uniqueUsername('Case');
    expect((await register({ username, password: 'long enough pw' })).statusCode).toBe(201);
    const again = await register({ username: username.toUpperCase(), password: 'long enough pw' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: 'Username is already taken' });
  });

  it('refuses the name an erased account takes, so erasing that account later cannot collide', async () => {
    const answer = await register({ username: 'Deleted-User-424242', password: 'long enough pw' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: 'Username is already taken' });
  });

  it('lets only one of two simultaneous registrations of a name succeed', async () => {
    const username = uniqueUsername('Race');
    const answers = await Promise.all([
      register({ username, password: 'long enough pw' }),
      register({ username: username.toLowerCase(), password: 'long enough pw' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const conflictAnswer = answers.find((answer) => answer.statusCode === 409)!;
    expect(conflictAnswer.json<ErrorEnvelope>().message).toBe('Username is already taken');
  });

  it('refuses an email that is already registered, in any case', async () => {
    const email = `${uniqueUsername()}@example.com`;
    expect(
      (await register({ username: uniqueUsername(), password: 'long enough pw', email }))
        .statusCode,
    ).toBe(201);
    const again = await register({
      username: uniqueUsername(),
      password: 'long enough pw',
      email: email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Email is already registered',
    });
  });

  it('answers invalid fields with 400 and a message per field', async () => {
    const response = await register({ username: 'a b', password: 'short', email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorEnvelope>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toEqual({
      username: ['Username may only contain letters, digits and the characters _ . -'],
      password: ['Password must be at least 8 characters'],
      email: ['Please enter a valid email address'],
    });
    expect(body.message).toBe('Username may only contain letters, digits and the characters _ . -');

    const missing = await register({});
    expect(missing.json<ErrorEnvelope>().details).toMatchObject({
      username: ['Username is required'],
      password: ['Password is required'],
    });
  });

  it('ignores privileged fields in the registration body', async () => {
    const response = await register({
      username: uniqueUsername(),
      password: 'long enough pw',
      isAdmin: true,
      subscriptionTier: 'ultimate',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ isAdmin: false, subscriptionTier: 'free' });
  });

  it('limits registrations per client address with 429 and Retry-After', async () => {
    const remoteAddress = nextIp();
    const attempt = () =>
      api(t.app, {
        method: 'POST',
        url: '/api/register',
        payload: { username: uniqueUsername(), password: 'long enough pw' },
        remoteAddress,
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(201);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMIT_ERROR', statusCode: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('request protection on account calls', () => {
  const login = { username: 'nobody_here', password: 'whatever pw' };

  it('refuses a mutating call without X-Requested-With', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: login });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PERMISSION_ERROR' });
  });

  it('refuses a foreign Origin', async () => {
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/login',
      payload: login,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets an allowed origin through with credentialed CORS headers', async () => {
    const user = await createUser(t.db);
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: user.plainPassword },
      headers: { origin: APP_ORIGIN },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('X-Requested-With');
    // The native app retries a send with its Idempotency-Key (decision 057).
    expect(preflight.headers['access-control-allow-headers']).toContain('Idempotency-Key');
  });

  it('stores no session token in clear text', async () => {
    const response = await register({ username: uniqueUsername(), password: 'long enough pw' });
    const token = sessionCookieOf(response)!.value;
    const rows = await t.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(sql`${userSessions.sessionToken} = ${token}`);
    expect(rows).toEqual([]);
  });
});
