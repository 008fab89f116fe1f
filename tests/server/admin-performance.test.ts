import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Performance } from '#shared/admin/performance-schemas.ts';
import { PerformanceSchema } from '#shared/admin/performance-schemas.ts';
import { streamChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

// Issue 12, performance: GET /metrics (Prometheus, METRICS_TOKEN) and the admin summary.
const TOKEN = 'metrics-token-for-the-tests-0123';

let t: TestContext;
let off: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ METRICS_TOKEN: TOKEN }), createTestApp()]);
  admin = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(async () => {
  await Promise.all([t.close(), off.close()]);
});

const metrics = (app: TestContext, authorization?: string) =>
  app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

async function performance(): Promise<Performance> {
  const response = await api(t.app, {
    method: 'GET',
    url: '/api/admin/performance',
    cookie: admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return PerformanceSchema.parse(response.json());
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN, even with a token', async () => {
    const response = await metrics(off, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(response.body).not.toContain('orbit_');
  });

  it('answers 401 without a token or with a wrong one', async () => {
    for (const header of [
      undefined,
      'Bearer wrong-token-of-some-length',
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const response = await metrics(t, header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'AUTH_ERROR' });
      expect(response.body).not.toContain('orbit_');
    }
  });

  it('prints Prometheus text with the request histogram by route pattern', async () => {
    for (let i = 0; i < 3; i++) {
      await api(t.app, {
        method: 'GET',
        url: `/api/conversations/${9000 + i}`,
        cookie: admin.cookie,
      });
    }
    const response = await metrics(t, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain('# TYPE orbit_http_request_duration_seconds histogram');
    const count = text
      .split('\n')
      .find(
        (line) =>
          line.startsWith('orbit_http_request_duration_seconds_count{') &&
          line.includes('route="/api/conversations/:id"'),
      );
    expect(count, text.slice(0, 2000)).toMatch(/ 3$/);
    // The pattern, never the raw URL with its ids.
    expect(text).not.toContain('/api/conversations/9001');
    for (const name of [
      'orbit_event_loop_delay_seconds',
      'orbit_db_pool_connections',
      'orbit_open_sockets',
      'orbit_build_info',
      'process_resident_memory_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
  });
});

describe('GET /api/admin/performance', () => {
  it('shows a route’s count and p95 after requests, and the time to first token', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await api(t.app, {
        method: 'GET',
        url: '/api/settings/me',
        cookie: admin.cookie,
      });
      expect(response.statusCode).toBe(200);
    }
    const { response } = await streamChat(t.app, admin.cookie, { message: 'Was kannst du?' });
    expect(response.statusCode).toBe(200);

    const summary = await performance();
    const settings = summary.routes.find(
      (route) => route.method === 'GET' && route.route === '/api/settings/me',
    );
    expect(settings).toMatchObject({ count: 5, serverErrors: 0 });
    expect(settings!.p95Ms).toBeGreaterThan(0);
    expect(settings!.p95Ms).toBeGreaterThanOrEqual(settings!.p50Ms);
    expect(summary.routes.find((route) => route.route === '/api/chat')?.count).toBe(1);
    expect(summary.firstToken).toHaveLength(1);
    expect(summary.firstToken[0]!.count).toBe(1);
    expect(summary.firstToken[0]!.p50Ms).toBeGreaterThan(0);
  });

  it('shows the instance: build, database pool, migrations, memory, connections', async () => {
    const summary = await performance();
    expect(summary.build.version).toBe('0.1.0');
    expect(summary.database.kind).toBe(t.database.kind);
    expect(summary.database.pool).toMatchObject({ waiting: 0 });
    expect(summary.database.pendingMigrations).toEqual([]);
    expect(summary.database.appliedMigrations).toBeGreaterThan(5);
    expect(summary.memory.rssBytes).toBeGreaterThan(1_000_000);
    expect(summary.connections.eventStreams).toBe(0);
    expect(summary.eventLoop.maxMs).toBeGreaterThanOrEqual(0);
  });
});
