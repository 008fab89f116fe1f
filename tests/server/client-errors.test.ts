import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrors } from '#server/db/schema/ai.ts';
import { CLIENT_ERROR_RATE } from '#server/features/client-errors/client-errors.routes.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { nextIp } from '#tests/support/auth-helpers.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

const report = {
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at ChatPage (chat-page.js:1:2)',
  componentStack: '\n    at ChatPage\n    at AppLayout',
  url: 'http://localhost:5000/chat',
};

async function rowById(t: TestContext, id: number) {
  const [row] = await t.db.select().from(clientErrors).where(eq(clientErrors.id, id));
  return row;
}

describe('POST /api/client-errors', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a guest report with its browser for the admin logs', async () => {
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: nextIp(),
      headers: { 'user-agent': 'Chromium test' },
      payload: report,
    });
    expect(response.statusCode).toBe(201);
    const row = await rowById(t, response.json().id);
    expect(row).toMatchObject({ ...report, userId: null, userAgent: 'Chromium test' });
  });

  it("links a signed-in user's report to the user", async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: nextIp(),
      cookie,
      payload: { message: 'Boom' },
    });
    expect(response.statusCode).toBe(201);
    expect(await rowById(t, response.json().id)).toMatchObject({ userId: user.id, stack: null });
  });

  it('refuses a report without a message and unknown fields', async () => {
    const ip = nextIp();
    const empty = await api(t.app, {
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: ip,
      payload: { message: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_ERROR');
    const extra = await api(t.app, {
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: ip,
      payload: { message: 'x', userId: 1 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses bodies over the size limit and over-long fields', async () => {
    const huge = await api(t.app, {
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: nextIp(),
      payload: { message: 'x', stack: 'y'.repeat(50 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    const long = await api(t.app, {
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: nextIp(),
      payload: { message: 'x'.repeat(2001) },
    });
    expect(long.statusCode).toBe(400);
  });

  it('limits reports per address and says when to retry', async () => {
    const ip = nextIp();
    const send = () =>
      api(t.app, {
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress: ip,
        payload: { message: 'loop' },
      });
    for (let i = 0; i < CLIENT_ERROR_RATE.limit; i += 1)
      expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMIT_ERROR');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await api(t.app, {
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: nextIp(),
      payload: { message: 'fine' },
    });
    expect(other.statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it does not help', async () => {
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    const send = (host: number) =>
      api(t.app, {
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress: `${prefix}:${host.toString(16)}::1`,
        payload: { message: 'rotating' },
      });
    for (let host = 1; host <= CLIENT_ERROR_RATE.limit; host += 1)
      expect((await send(host)).statusCode).toBe(201);
    const refused = await send(CLIENT_ERROR_RATE.limit + 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMIT_ERROR');
  });
});

describe('POST /api/client-errors with SENTRY_DSN', () => {
  let t: TestContext;
  const received: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const sentry = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
    const { port } = sentry.address() as AddressInfo;
    t = await createTestApp({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => sentry.close(resolve));
  });

  it('stores the report and forwards it to the Sentry project', async () => {
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: nextIp(),
      payload: report,
    });
    expect(response.statusCode).toBe(201);
    expect(await rowById(t, response.json().id)).toBeDefined();
    await expect.poll(() => received.length).toBe(1);
    const [request] = received;
    expect(request!.url).toBe('/api/42/envelope/');
    expect(request!.headers['x-sentry-auth']).toContain('sentry_key=publickey');
    const [, itemHeader, event] = request!.body.split('\n');
    expect(JSON.parse(itemHeader!)).toEqual({ type: 'event' });
    expect(JSON.parse(event!)).toMatchObject({
      level: 'error',
      message: { formatted: report.message },
      request: { url: report.url },
    });
  });
});
