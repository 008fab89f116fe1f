import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailyLogFile, logFileName } from '#server/observability/log-files.ts';
import { createServerLogging, type ServerLogs } from '#server/observability/server-logs.ts';
import type { ClientErrorEntry, LogLine, LogPage } from '#shared/admin/logs-schemas.ts';
import { LogPageSchema } from '#shared/admin/logs-schemas.ts';
import { nextIp } from '#tests/support/auth-helpers.ts';
import { createSignedInUser, createUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

// Issue 12, logs: the server's own log (ring and daily file) and the web app's error reports.
const dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-logs-'));
let t: TestContext;
let logs: ServerLogs;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  const logging = createServerLogging(
    { LOG_LEVEL: 'trace', LOG_BUFFER_SIZE: 5000, LOG_RETENTION_DAYS: 3, DATA_DIR: dataDir },
    { stdout: false },
  );
  logs = logging.logs;
  t = await createTestApp({}, undefined, { logger: logging.logger, logs });
  admin = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
  await logs.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function logPage(query: string): Promise<LogPage> {
  const response = await api(t.app, {
    method: 'GET',
    url: `/api/admin/logs?${query}`,
    cookie: admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return LogPageSchema.parse(response.json());
}

const allRingLines = () => [...logs.ring.newestFirst()].map((entry) => entry.line).join('\n');
async function fileText() {
  await logs.close(); // flushes; the next line opens the file again
  const dir = path.join(dataDir, 'logs');
  return readdirSync(dir)
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .join('\n');
}

describe('GET /api/admin/logs', () => {
  it('shows every line of one request by its request id, with its route and user', async () => {
    const response = await api(t.app, {
      method: 'GET',
      url: '/api/settings/me',
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const requestId = response.headers['x-request-id'] as string;

    const page = await logPage(`requestId=${requestId}`);
    const messages = page.items.map((line) => line.msg);
    expect(messages).toEqual(['request completed', 'incoming request']);
    for (const line of page.items) {
      expect(line).toMatchObject({ requestId, route: '/api/settings/me', userId: admin.user.id });
    }
    expect(page.instance).toMatchObject({ pid: process.pid, bufferSize: 5000, retentionDays: 3 });

    const byRoute = await logPage('route=/api/settings/me');
    expect(byRoute.items.map((line) => line.requestId)).toContain(requestId);
    expect(byRoute.items.every((line) => line.route === '/api/settings/me')).toBe(true);
    const byUser = await logPage(`userId=${admin.user.id}&limit=100`);
    expect(byUser.items.map((line) => line.requestId)).toContain(requestId);
    expect(byUser.items.every((line) => line.userId === admin.user.id)).toBe(true);
  });

  it('filters by lowest level and pages newest first with a cursor', async () => {
    t.app.log.warn({ part: 'disk' }, 'disk nearly full');
    t.app.log.error({ part: 'mail' }, 'mail server unreachable');
    t.app.log.info('an ordinary line');

    const warnings = await logPage('level=warn');
    const levels = new Set(warnings.items.map((line) => line.level));
    expect([...levels].sort()).toEqual(['error', 'warn']);
    expect(warnings.items.slice(0, 2).map((line: LogLine) => line.msg)).toEqual([
      'mail server unreachable',
      'disk nearly full',
    ]);
    expect(warnings.items[0]!.data).toMatchObject({ part: 'mail' });

    const first = await logPage('limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await logPage(`limit=2&cursor=${first.nextCursor}`);
    expect(second.items[0]!.seq).toBeLessThan(first.items[1]!.seq);

    const future = await logPage(`from=${new Date(Date.now() + 60_000).toISOString()}`);
    expect(future.items).toEqual([]);
  });

  it('logs a request refused for maintenance as an ordinary request, not as an error', async () => {
    const user = await createSignedInUser(t.db);
    const setMaintenance = (on: boolean) =>
      api(t.app, {
        method: 'PATCH',
        url: '/api/admin/settings',
        cookie: admin.cookie,
        payload: { maintenanceMode: on },
      });
    expect((await setMaintenance(true)).statusCode).toBe(200);
    try {
      const refused = await api(t.app, {
        method: 'GET',
        url: '/api/conversations',
        cookie: user.cookie,
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'SERVER_ERROR', statusCode: 503 });
      const page = await logPage(`requestId=${refused.headers['x-request-id'] as string}`);
      expect(page.items.map((line) => [line.level, line.msg])).toEqual([
        ['info', 'request completed'],
        ['info', 'incoming request'],
      ]);
    } finally {
      await setMaintenance(false);
    }
  });

  it('never keeps a password, cookie, authorization header or API key, in the ring or the file', async () => {
    const password = 'Never-Log-This-Pw-7731';
    const user = await createUser(t.db, { password });
    const secrets = [
      password,
      'Wrong-Guess-Pw-8842',
      'sk-orbit-secret-api-key-9917',
      'bearer-token-value-5521',
      'cookie-value-3310',
      'download-token-7788',
      'meta-verify-token-4419',
    ];
    const login = (payload: unknown, headers: Record<string, string> = {}) =>
      api(t.app, {
        method: 'POST',
        url: '/api/login',
        payload: payload as object,
        headers,
        remoteAddress: nextIp(),
      });
    expect((await login({ username: user.username, password })).statusCode).toBe(200);
    expect((await login({ username: user.username, password: secrets[1] })).statusCode).toBe(401);
    // Refused bodies (validation) and odd headers are logged too: still nothing secret.
    expect((await login({ username: 7, password, apiKey: secrets[2] })).statusCode).toBe(400);
    await login(
      { username: user.username, password },
      {
        authorization: `Bearer ${secrets[3]}`,
        cookie: `orbit_session=${secrets[4]}`,
        'x-api-key': secrets[2]!,
      },
    );
    await api(t.app, { method: 'GET', url: `/api/settings/me?token=${secrets[5]}` });
    // A webhook's verification handshake (Meta's hub.verify_token), on any path.
    await api(t.app, {
      method: 'GET',
      url: `/api/omnichannel/webhooks/1?hub.mode=subscribe&hub.verify_token=${secrets[6]}`,
    });
    t.app.log.info({ body: { password, apiKey: secrets[2] } }, 'a careless line');

    const ring = allRingLines();
    expect(ring).toContain('/api/login');
    expect(ring).toContain('[redacted]');
    const file = await fileText();
    expect(file).toContain('/api/login');
    for (const secret of secrets) {
      expect(ring, secret).not.toContain(secret);
      expect(file, secret).not.toContain(secret);
    }
    expect(ring).toContain('a careless line');
  });
});

describe('log files', () => {
  it('writes one file a day and removes those past the retention days', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'orbit-log-files-'));
    const day = 86_400_000;
    const start = Date.UTC(2026, 10, 20, 12);
    for (const daysAgo of [10, 3, 2, 1]) {
      writeFileSync(path.join(dir, logFileName(start - daysAgo * day)), 'old\n');
    }
    writeFileSync(path.join(dir, 'unrelated.txt'), 'keep me\n');
    let now = start;
    const file = new DailyLogFile(dir, 3, () => now);
    file.write('{"msg":"today"}\n');
    const names = readdirSync(dir);
    expect(names).not.toContain(logFileName(start - 10 * day));
    expect(names).not.toContain(logFileName(start - 3 * day));
    expect(names).toEqual(
      expect.arrayContaining([
        logFileName(start - 2 * day),
        logFileName(start - day),
        'unrelated.txt',
      ]),
    );
    now += day;
    file.write('{"msg":"tomorrow"}\n');
    await file.close();
    expect(readdirSync(dir).sort()).toEqual(
      [logFileName(start - day), logFileName(start), logFileName(now), 'unrelated.txt'].sort(),
    );
    expect(readFileSync(path.join(dir, logFileName(now)), 'utf8')).toBe('{"msg":"tomorrow"}\n');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('GET /api/admin/logs/client-errors', () => {
  it('lists the web app’s error reports, filtered by page and user', async () => {
    const user = await createSignedInUser(t.db);
    for (const [url, cookie] of [
      ['https://chat.example/chat/abc', user.cookie],
      ['https://chat.example/settings', undefined],
    ] as const) {
      const response = await api(t.app, {
        method: 'POST',
        url: '/api/client-errors',
        payload: { message: `crash on ${url}`, url },
        ...(cookie ? { cookie } : {}),
      });
      expect(response.statusCode).toBe(201);
    }
    const list = async (query: string) => {
      const response = await api(t.app, {
        method: 'GET',
        url: `/api/admin/logs/client-errors?${query}`,
        cookie: admin.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: ClientErrorEntry[]; nextCursor: string | null }>().items;
    };
    expect((await list('')).map((entry) => entry.url)).toEqual([
      'https://chat.example/settings',
      'https://chat.example/chat/abc',
    ]);
    expect((await list('route=/chat/')).map((entry) => entry.message)).toEqual([
      'crash on https://chat.example/chat/abc',
    ]);
    expect((await list(`userId=${user.user.id}`)).map((entry) => entry.userId)).toEqual([
      user.user.id,
    ]);
    expect(await list('route=100%25')).toEqual([]);
  });
});
