import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalLimit, ROUTE_CLASSES } from '#server/http/general-rate-limit.ts';
import type { ErrorEnvelope } from '#shared/errors/app-error.ts';
import { nextIp } from '#tests/support/auth-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Small limits (a twentieth of the defaults), so a test reaches them in a few dozen requests. */
const FACTOR = 0.05;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: String(FACTOR) });
});
afterAll(() => t.close());

function expectRateLimited(response: Awaited<ReturnType<typeof api>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMIT_ERROR', statusCode: 429 });
  expect(response.json<ErrorEnvelope>().message).toMatch(
    /^Too many requests\. Please try again in (\d+ seconds?|1 minute)\.$/,
  );
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('general rate limit', () => {
  it('limits the reads of one user, from whatever address', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const read = () =>
      api(t.app, { method: 'GET', url: '/api/user', cookie, remoteAddress: nextIp() });
    for (let i = 0; i < generalLimit('read', 'perUser', FACTOR); i++) {
      expect((await read()).statusCode).toBe(200);
    }
    expectRateLimited(await read());

    const { cookie: otherCookie } = await createSignedInUser(t.db);
    const other = await api(t.app, { method: 'GET', url: '/api/user', cookie: otherCookie });
    expect(other.statusCode).toBe(200);
  });

  it('limits one address, signed in or not', async () => {
    const remoteAddress = nextIp();
    const guest = () => api(t.app, { method: 'GET', url: '/api/user', remoteAddress });
    for (let i = 0; i < generalLimit('read', 'perAddress', FACTOR); i++) {
      expect((await guest()).statusCode).toBe(401);
    }
    expectRateLimited(await guest());
    const { cookie } = await createSignedInUser(t.db);
    expectRateLimited(await api(t.app, { method: 'GET', url: '/api/user', cookie, remoteAddress }));
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, which it can pick addresses from at will', async () => {
    let host = 0;
    const guest = () =>
      api(t.app, {
        method: 'GET',
        url: '/api/user',
        remoteAddress: `2001:db8:77:5::${(++host).toString(16)}`,
      });
    for (let i = 0; i < generalLimit('read', 'perAddress', FACTOR); i++) {
      expect((await guest()).statusCode).toBe(401);
    }
    expectRateLimited(await guest());
    const neighbour = await api(t.app, {
      method: 'GET',
      url: '/api/user',
      remoteAddress: '2001:db8:77:6::1',
    });
    expect(neighbour.statusCode).toBe(401);
  });

  it('allows fewer writes than reads, and counts them apart', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const write = () =>
      api(t.app, {
        method: 'PATCH',
        url: '/api/user',
        cookie,
        payload: { displayName: 'Ana' },
        remoteAddress: nextIp(),
      });
    const writes = generalLimit('write', 'perUser', FACTOR);
    expect(writes).toBeLessThan(generalLimit('read', 'perUser', FACTOR));
    for (let i = 0; i < writes; i++) expect((await write()).statusCode).toBe(200);
    expectRateLimited(await write());
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie })).statusCode).toBe(200);
  });

  it('allows even fewer chat messages and exports, whatever their bodies', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const chat = () =>
      api(t.app, {
        method: 'POST',
        url: '/api/chat',
        cookie,
        payload: {},
        remoteAddress: nextIp(),
      });
    const chats = generalLimit('chat', 'perUser', FACTOR);
    expect(chats).toBeLessThan(generalLimit('write', 'perUser', FACTOR));
    for (let i = 0; i < chats; i++) expect((await chat()).statusCode).toBe(400);
    expectRateLimited(await chat());

    const exportCall = () =>
      api(t.app, {
        method: 'GET',
        url: '/api/conversations/00000000-0000-4000-8000-000000000000/export',
        cookie,
        remoteAddress: nextIp(),
      });
    for (let i = 0; i < generalLimit('export', 'perUser', FACTOR); i++) {
      expect((await exportCall()).statusCode).not.toBe(429);
    }
    expectRateLimited(await exportCall());
  });

  it('names only routes that exist in its table of route classes', () => {
    const routes = new Set(t.app.apiRoutes.map((route) => `${route.method} ${route.url}`));
    for (const route of Object.keys(ROUTE_CLASSES)) expect(routes, route).toContain(route);
  });
});
