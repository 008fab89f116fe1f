import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '#server/features/auth/sessions.service.ts';
import { nextIp, sessionCookieOf } from '#tests/support/auth-helpers.ts';
import { createSignedInUser, createUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', PUBLIC_URL: 'https://chat.example.com' });
});
afterAll(() => t.close());

const getUser = (cookie: string, url = '/api/user') => api(t.app, { method: 'GET', url, cookie });

describe('/api defences decide by the matched route, not the raw URL', () => {
  it('refuses a cross-site logout sent to a percent-encoded path', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const forced = await t.app.inject({
      method: 'POST',
      url: '/%61pi/logout',
      headers: { origin: 'https://evil.test', cookie },
    });
    expect(forced.statusCode).toBe(403);
    expect(forced.json()).toMatchObject({ code: 'PERMISSION_ERROR', statusCode: 403 });
    expect(sessionCookieOf(forced)).toBeUndefined();
    expect((await getUser(cookie)).statusCode).toBe(200);

    const withMarker = await api(t.app, {
      method: 'POST',
      url: '/%61pi/logout',
      headers: { origin: 'https://evil.test' },
      cookie,
    });
    expect(withMarker.statusCode).toBe(403);
    expect((await getUser(cookie)).statusCode).toBe(200);
  });

  it('resolves the session and marks the answer no-store on an encoded path too', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const response = await getUser(cookie, '/%61pi/user');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown encoded /api path with the JSON 404, not the web app', async () => {
    const response = await api(t.app, { method: 'GET', url: '/%61pi/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('Host check (DNS rebinding)', () => {
  const withHost = (host: string, cookie?: string) =>
    api(t.app, {
      method: 'GET',
      url: '/api/user',
      headers: { host },
      ...(cookie ? { cookie } : {}),
    });

  it('refuses an API request naming a host the server does not serve, with 421', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const response = await withHost('attacker.example:5000', cookie);
    expect(response.statusCode).toBe(421);
    expect(response.json()).toMatchObject({ code: 'PERMISSION_ERROR', statusCode: 421 });
    expect(response.json<{ message: string }>().message).toContain('PUBLIC_URL');
    const login = await api(t.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody', password: 'whatever pw' },
      headers: { host: 'chat.example.com.attacker.example' },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(421);
  });

  it('serves PUBLIC_URL hosts, IP addresses and localhost on any port', async () => {
    const { cookie } = await createSignedInUser(t.db);
    for (const host of [
      'chat.example.com',
      'CHAT.example.com:443',
      'localhost:5000',
      '127.0.0.1:5000',
      '192.168.1.20',
      '[::1]:5000',
    ]) {
      expect((await withHost(host, cookie)).statusCode, host).toBe(200);
    }
  });

  it('takes the host a trusted proxy forwarded', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const forwarded = (host: string) =>
      api(t.app, {
        method: 'GET',
        url: '/api/user',
        cookie,
        headers: { host: '10.0.0.5:5000', 'x-forwarded-host': host },
      });
    expect((await forwarded('chat.example.com')).statusCode).toBe(200);
    expect((await forwarded('attacker.example')).statusCode).toBe(421);
  });
});

describe('Content-Security-Policy', () => {
  it('allows images from the app, data, blob and https only, and no <base>', async () => {
    const response = await api(t.app, { method: 'GET', url: '/healthz' });
    const directives = Object.fromEntries(
      response.headers['content-security-policy']!.toString()
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(directives['base-uri']).toEqual(["'none'"]);
  });
});

describe('session cookie over https', () => {
  const overHttps = { 'x-forwarded-proto': 'https', host: 'chat.example.com' };
  const login = (username: string, password: string) =>
    api(t.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      headers: overHttps,
      remoteAddress: nextIp(),
    });

  it('is __Host- prefixed, Secure, host-only and for the whole path', async () => {
    const user = await createUser(t.db);
    const response = await login(user.username, user.plainPassword);
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieOf(response)!;
    expect(cookie).toMatchObject({
      name: SECURE_SESSION_COOKIE,
      secure: true,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookie.domain).toBeUndefined();
    const me = await api(t.app, {
      method: 'GET',
      url: '/api/user',
      headers: { ...overHttps, cookie: `${SECURE_SESSION_COOKIE}=${cookie.value}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('keeps the plain name over http, where the prefix is not possible', async () => {
    const user = await createUser(t.db);
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: user.plainPassword },
      remoteAddress: nextIp(),
    });
    expect(sessionCookieOf(response)).toMatchObject({ name: SESSION_COOKIE });
    expect(sessionCookieOf(response)!.secure).toBeUndefined();
  });

  it('asks a holder of an unprefixed cookie over https to sign in again and clears it', async () => {
    const { cookie } = await createSignedInUser(t.db);
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    const response = await api(t.app, {
      method: 'GET',
      url: '/api/user',
      headers: { ...overHttps, cookie },
    });
    expect(response.statusCode).toBe(401);
    const cleared = response.cookies.find((entry) => entry.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
  });
});
