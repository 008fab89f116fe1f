import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '#server/db/schema/users.ts';
import type { ErrorEnvelope } from '#shared/errors/app-error.ts';
import {
  cookieHeaderOf,
  nextIp,
  PUBLIC_USER_KEYS,
  sessionCookieOf,
  uniqueUsername,
} from '#tests/support/auth-helpers.ts';
import { createUser, signIn } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface LoginBody {
  username: string;
  password: string;
  rememberMe?: boolean;
}
const login = (payload: LoginBody, options: { remoteAddress?: string; cookie?: string } = {}) =>
  api(t.app, {
    method: 'POST',
    url: '/api/login',
    payload,
    headers: { 'user-agent': 'LoginTest/1.0' },
    remoteAddress: options.remoteAddress ?? nextIp(),
    ...(options.cookie ? { cookie: options.cookie } : {}),
  });

const attemptsFor = (name: string) =>
  t.db
    .select()
    .from(userSessions)
    .where(sql`lower(${userSessions.attemptedUsername}) = lower(${name})`)
    .orderBy(desc(userSessions.id));

describe('POST /api/login', () => {
  it('signs in with any letter case of the username and records the login', async () => {
    const user = await createUser(t.db, { username: uniqueUsername('Mixed') });
    const remoteAddress = nextIp();
    const response = await login(
      { username: user.username.toUpperCase(), password: user.plainPassword },
      { remoteAddress },
    );

    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(response.json()).toMatchObject({ id: user.id, username: user.username });
    expect(response.body).not.toContain(user.plainPassword);
    expect(response.body).not.toContain('argon2');
    expect(sessionCookieOf(response)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const [row] = await attemptsFor(user.username);
    expect(row).toMatchObject({
      userId: user.id,
      successful: true,
      loginMethod: 'password',
      ipAddress: remoteAddress,
      userAgent: 'LoginTest/1.0',
      logoutTime: null,
      rememberMe: false,
    });
    expect(row!.loginTime).toBeInstanceOf(Date);
  });

  it('answers a wrong password and an unknown user alike, and records both failures', async () => {
    const user = await createUser(t.db);
    const wrong = await login({ username: user.username, password: 'not the password' });
    const unknownName = uniqueUsername('ghost');
    const unknown = await login({ username: unknownName, password: 'not the password' });

    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Invalid username or password',
        code: 'AUTH_ERROR',
        statusCode: 401,
      });
      expect(sessionCookieOf(response)).toBeUndefined();
      expect(response.body).not.toContain('not the password');
    }
    expect(await attemptsFor(user.username)).toEqual([
      expect.objectContaining({ userId: user.id, successful: false, sessionToken: null }),
    ]);
    expect(await attemptsFor(unknownName)).toEqual([
      expect.objectContaining({ userId: null, successful: false, attemptedUsername: unknownName }),
    ]);
  });

  it('issues a new token at every login and ends the session the request carried', async () => {
    const user = await createUser(t.db);
    const oldCookie = await signIn(t.db, user);
    const response = await login(
      { username: user.username, password: user.plainPassword },
      { cookie: oldCookie },
    );
    const newCookie = cookieHeaderOf(response);
    expect(newCookie).not.toBe(oldCookie);
    expect(
      (await api(t.app, { method: 'GET', url: '/api/user', cookie: oldCookie })).statusCode,
    ).toBe(401);
    expect(
      (await api(t.app, { method: 'GET', url: '/api/user', cookie: newCookie })).statusCode,
    ).toBe(200);
  });

  it('gives a persistent cookie with remember-me', async () => {
    const user = await createUser(t.db);
    const response = await login({
      username: user.username,
      password: user.plainPassword,
      rememberMe: true,
    });
    const cookie = sessionCookieOf(response)!;
    expect(cookie.expires).toBeInstanceOf(Date);
    const days = (cookie.expires!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(80);
    const [row] = await attemptsFor(user.username);
    expect(row!.rememberMe).toBe(true);
  });

  it('rejects a body without a password with 400 and per-field details', async () => {
    const response = await login({ username: 'someone' } as LoginBody);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { password: ['Password is required'] },
    });
  });
});

describe('login rate limits', () => {
  it('ten wrong passwords from one address do not lock the owner out elsewhere', async () => {
    const user = await createUser(t.db);
    const attacker = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await login(
        { username: user.username, password: `wrong ${i}` },
        { remoteAddress: attacker },
      );
      answers.push(response.statusCode);
    }
    // Five free guesses, then that address waits (30 s, doubling with every further failure).
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);

    // The owner, from any other address, signs in at once.
    const owner = await login({ username: user.username, password: user.plainPassword });
    expect(owner.statusCode).toBe(200);

    // The guessing address is still refused, even with the right password, with Retry-After.
    const locked = await login(
      { username: user.username.toUpperCase(), password: user.plainPassword },
      { remoteAddress: attacker },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMIT_ERROR', statusCode: 429 });
    expect(locked.json<ErrorEnvelope>().message).toMatch(
      /^Too many login attempts\. Please try again in \d+ (seconds|minutes?)\.$/,
    );
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(sessionCookieOf(locked)).toBeUndefined();
  });

  it('caps wrong passwords per username at 100 from all addresses together', async () => {
    const user = await createUser(t.db);
    for (let batch = 0; batch < 25; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          login({ username: user.username, password: `wrong ${batch} ${i}` }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
    }
    const capped = await login({ username: user.username, password: user.plainPassword });
    expect(capped.statusCode).toBe(429);
    expect(capped.json<ErrorEnvelope>().message).toMatch(
      /^Too many login attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('clears the failure count after a successful login', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 9; i++) await login({ username: user.username, password: `wrong ${i}` });
    expect(
      (await login({ username: user.username, password: user.plainPassword })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 9; i++) await login({ username: user.username, password: `wrong ${i}` });
    expect(
      (await login({ username: user.username, password: user.plainPassword })).statusCode,
    ).toBe(200);
  });

  it('limits one address to 30 attempts in the window', async () => {
    const remoteAddress = nextIp();
    for (let i = 0; i < 30; i++) {
      const response = await login(
        { username: uniqueUsername(), password: 'wrong password' },
        { remoteAddress },
      );
      expect(response.statusCode).toBe(401);
    }
    const refused = await login(
      { username: uniqueUsername(), password: 'wrong password' },
      { remoteAddress },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // Another address is unaffected.
    const user = await createUser(t.db);
    expect(
      (await login({ username: user.username, password: user.plainPassword })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/logout', () => {
  it('ends the session server-side and clears the cookie', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user);
    const response = await api(t.app, { method: 'POST', url: '/api/logout', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out' });
    const cleared = sessionCookieOf(response)!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());

    // The old cookie, replayed, no longer works.
    const replay = await api(t.app, { method: 'GET', url: '/api/user', cookie });
    expect(replay.statusCode).toBe(401);
    const rows = await t.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sessionToken).toBeNull();
    expect(rows[0]!.logoutTime).toBeInstanceOf(Date);
  });

  it('is a harmless success without a session', async () => {
    const response = await api(t.app, { method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out' });
  });
});
