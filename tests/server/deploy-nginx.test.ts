import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTORE_TIMEOUT_MS } from '#shared/admin/backups.ts';
import { deltaText, parseEvents } from '#tests/support/chat-helpers.ts';
import { FakeAi, lastUserText } from '#tests/support/fake-ai/fake-ai-server.ts';
import {
  createCertificate,
  fillTemplate,
  freePort,
  NGINX_TEMPLATE,
  startNginx,
  type RunningNginx,
} from '#tests/support/nginx.ts';
import { startServer, type RunningServer } from '#tests/support/server-process.ts';
import { until } from '#tests/support/until.ts';
import {
  adminQuery,
  TEST_DB,
  testDatabaseUrl,
  withDatabase,
} from '#tests/support/test-database.ts';

/**
 * docs/DEPLOYMENT.md's example, run for real: nginx with docs/deploy/nginx-orbit.conf.template
 * (filled with this test's ports and a throwaway certificate) terminating TLS in front of Orbit
 * instances started as an operator starts them. On PostgreSQL: two instances started together on
 * a fresh database and one Redis. On the embedded database: its one instance.
 */
const INSTANCES = TEST_DB === 'postgres' ? 2 : 1;
const SLOW_MARKER = '[through-nginx]';
const SLOW_WORDS = Array.from({ length: 16 }, (_, index) => `Wort${index} `);
/** The public name users open (PUBLIC_URL); requests reach nginx by IP with this Host and SNI. */
const SERVER_NAME = 'chat.orbit.test';
/** A client address other than nginx's own 127.0.0.1, so the two cannot be confused. */
const CLIENT_ADDRESS = '127.0.0.2';
/** The administrator every instance makes sure of at start (ADMIN_USERNAME, ADMIN_PASSWORD). */
const ADMIN = { username: 'nginx_chief', password: 'long enough pw' };
const MEMBER = { username: 'nginx_member', password: 'long enough pw' };

let dir: string;
let fake: FakeAi;
let instances: RunningServer[] = [];
let nginx: RunningNginx | undefined;
let httpsPort: number;
let httpPort: number;
let ca: Buffer;
let dropDatabase = async () => {};

interface Call {
  method?: string;
  body?: unknown;
  /** A file sent as it is (application/octet-stream), as the admin screen sends a backup. */
  file?: Buffer;
  cookie?: string;
  headers?: Record<string, string>;
  localAddress?: string;
  /** Sends the headers only (a body that would follow, announced by its content-length). */
  withoutBody?: boolean;
}

/** A request to nginx over TLS, as a browser on https://chat.orbit.test:<port> sends it. */
function request(url: string, call: Call = {}): Promise<IncomingMessage> {
  const body = call.file ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  return new Promise((resolve, reject) => {
    const outgoing = https.request({
      host: '127.0.0.1',
      port: httpsPort,
      servername: SERVER_NAME,
      ca,
      agent: false,
      path: url,
      method: call.method ?? (body === undefined ? 'GET' : 'POST'),
      localAddress: call.localAddress,
      headers: {
        host: `${SERVER_NAME}:${httpsPort}`,
        ...(body === undefined
          ? {}
          : {
              'content-type': call.file ? 'application/octet-stream' : 'application/json',
              'x-requested-with': 'XMLHttpRequest',
              origin: `https://${SERVER_NAME}:${httpsPort}`,
            }),
        ...(call.cookie ? { cookie: call.cookie } : {}),
        ...call.headers,
      },
    });
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    if (call.withoutBody) outgoing.flushHeaders();
    else outgoing.end(body);
  });
}

async function fetchText(url: string, call?: Call) {
  const response = await request(url, call);
  let text = '';
  for await (const chunk of response) text += (chunk as Buffer).toString();
  return { status: response.statusCode!, headers: response.headers, text };
}

/** A request's line in an instance's JSON log (Fastify's request serializer). */
interface LogLine {
  reqId?: string;
  req?: { url: string; remoteAddress: string };
}

/** nginx's time (`90s`, `16m`, `1h`…) in milliseconds. */
function nginxTimeMs(value: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value);
  if (!match) throw new Error(`not an nginx time: ${value}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] ?? 's']!;
  return Number(match[1]) * unit;
}

const withoutComments = (configuration: string) => configuration.replace(/#.*$/gm, '');

/**
 * The proxy_read_timeout a location of nginx's configuration runs with (`nginx -T`): its own,
 * else nginx's default of 60 s (the file sets none at server level, which the test checks).
 */
function readTimeoutOf(dump: string, location: string): number {
  const configuration = withoutComments(dump);
  const start = configuration.indexOf(`${location} {`);
  if (start === -1) throw new Error(`no "${location}" in the configuration`);
  const block = configuration.slice(start, configuration.indexOf('}', start));
  const value = /^\s*proxy_read_timeout\s+(\S+);/m.exec(block)?.[1];
  return value === undefined ? 60_000 : nginxTimeMs(value);
}

function logLines(): LogLine[] {
  return instances.flatMap((instance) =>
    instance
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'orbit-nginx-'));
  fake = await FakeAi.start();
  fake.when(SLOW_MARKER, { chunks: SLOW_WORDS, chunkDelayMs: 150 });
  [httpsPort, httpPort] = [await freePort(), await freePort()];
  const env: Record<string, string> = {
    PUBLIC_URL: `https://${SERVER_NAME}:${httpsPort}`,
    // One hop: nginx (decision 060). docs/DEPLOYMENT.md explains the setting.
    TRUST_PROXY: '1',
    APP_SECRET: randomBytes(32).toString('hex'),
    // Shared by the instances, as a shared volume would be (uploads live here).
    DATA_DIR: path.join(dir, 'data'),
    CLIENT_DIST_DIR: path.join(dir, 'no-client'),
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: `${fake.url}/v1`,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  if (TEST_DB === 'postgres') {
    const name = `orbit_nginx_${randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    env.DATABASE_URL = withDatabase(testDatabaseUrl(), name);
    env.REDIS_URL = 'redis://127.0.0.1:6379';
    env.REDIS_PREFIX = `test-nginx-${randomBytes(4).toString('hex')}:`;
  }
  // Started together on a fresh database: the migrations run once, under the advisory lock.
  instances = await Promise.all(Array.from({ length: INSTANCES }, () => startServer(env)));

  const { certificate, key } = createCertificate(dir, SERVER_NAME);
  ca = readFileSync(certificate);
  const upstream = (index: number) => new URL(instances[index % INSTANCES]!.baseUrl).host;
  const site = fillTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    ORBIT_SERVER_NAME: SERVER_NAME,
    ORBIT_HTTP_PORT: String(httpPort),
    ORBIT_HTTPS_PORT: String(httpsPort),
    ORBIT_TLS_CERTIFICATE: certificate,
    ORBIT_TLS_CERTIFICATE_KEY: key,
    ORBIT_INSTANCE_1: upstream(0),
    ORBIT_INSTANCE_2: upstream(1),
  });
  nginx = await startNginx(dir, site, httpsPort);
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(
    instances.map((instance) => {
      instance.child.kill('SIGTERM');
      return instance.exited;
    }),
  );
  await fake?.close();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

describe(`nginx with the example configuration, ${INSTANCES} instance(s) behind it`, () => {
  it('answers the health checks over TLS with HSTS and sends plain http to https', async () => {
    const ready = await fetchText('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({ status: 'ok' });
    expect(ready.headers['strict-transport-security']).toContain('max-age=');
    // The Host the browser named reaches the app: another name is refused (DNS rebinding).
    const rebound = await fetchText('/api/user', { headers: { host: 'attacker.example' } });
    expect(rebound.status).toBe(421);

    const plain = await fetch(`http://127.0.0.1:${httpPort}/readyz`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    // To the same host on https's own port (443), the path kept.
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/readyz');
  });

  it('registers and signs in; the cookie is Secure and every instance honours it', async () => {
    const username = `nginx_${randomBytes(4).toString('hex')}`;
    const registered = await fetchText('/api/register', {
      body: { username, password: 'long enough pw' },
    });
    expect(registered.status, registered.text).toBe(201);

    const login = await fetchText('/api/login', {
      body: { username, password: 'long enough pw' },
    });
    expect(login.status, login.text).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    // Secure only because nginx said https (X-Forwarded-Proto) and the instance trusts it.
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    const cookie = setCookie.split(';')[0]!;

    const ids: string[] = [];
    for (let index = 0; index < 4 * INSTANCES; index++) {
      const me = await fetchText('/api/user', { cookie });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.text)).toMatchObject({ username });
      ids.push(String(me.headers['x-request-id']));
    }
    // nginx spread the requests: each instance logged some of them (its request id is nginx's).
    for (const instance of instances) {
      const served = () => ids.some((id) => instance.output().includes(`"reqId":"${id}"`));
      expect(await until(served, Boolean)).toBe(true);
    }
  });

  it('streams a chat reply through the proxy while the model is still writing it', async () => {
    const username = `stream_${randomBytes(4).toString('hex')}`;
    const registered = await request('/api/register', {
      body: { username, password: 'long enough pw' },
    });
    registered.resume();
    const cookie = String(registered.headers['set-cookie']).split(';')[0]!;

    const response = await request('/api/chat', {
      body: { message: `Erzähl ${SLOW_MARKER}` },
      cookie,
      headers: { accept: 'text/event-stream' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');

    let text = '';
    let readsWithDeltas = 0;
    let upstreamDoneAtFirstDelta: boolean | undefined;
    for await (const chunk of response) {
      const piece = (chunk as Buffer).toString();
      text += piece;
      if (!piece.includes('event: delta')) continue;
      readsWithDeltas++;
      if (upstreamDoneAtFirstDelta === undefined) {
        const upstream = fake.requests.find((recorded) =>
          lastUserText(recorded).includes(SLOW_MARKER),
        )!;
        let done = false;
        void upstream.finished.then(() => (done = true));
        await new Promise((resolve) => setImmediate(resolve));
        upstreamDoneAtFirstDelta = done;
      }
    }
    // The first words reached the browser before the model had written the last ones, and the
    // reply came in many pieces: nothing between them held it back.
    expect(upstreamDoneAtFirstDelta).toBe(false);
    expect(readsWithDeltas).toBeGreaterThan(SLOW_WORDS.length / 2);
    const events = parseEvents(text);
    expect(deltaText(events)).toBe(SLOW_WORDS.join(''));
    expect(events.at(-1)!.event).toBe('done');
  });

  it('sees the client address nginx reports, never one the client claims', async () => {
    const username = `address_${randomBytes(4).toString('hex')}`;
    await fetchText('/api/register', { body: { username, password: 'long enough pw' } });
    const login = await fetchText('/api/login', {
      body: { username, password: 'long enough pw' },
      localAddress: CLIENT_ADDRESS,
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(login.status).toBe(200);
    const requestId = String(login.headers['x-request-id']);

    // Log lines trail the response the client already holds: nginx writes its access log after
    // the request, and an instance's output reaches this process through a pipe.
    const nginxLine = await until(
      async () =>
        (await nginx!.accessLog()).split('\n').find((line) => line.includes(` ${requestId} `)),
      (line) => line !== undefined,
    );
    expect(nginxLine!.split(' ')[0]).toBe(CLIENT_ADDRESS);
    const appLine = await until(
      () => logLines().find((line) => line.reqId === requestId && line.req),
      (line) => line !== undefined,
    );
    expect(appLine!.req).toMatchObject({ url: '/api/login', remoteAddress: CLIENT_ADDRESS });
  });

  it('lets a backup file larger than 2 MB through to the app, and waits for a restore to end', async () => {
    const login = await fetchText('/api/login', { body: ADMIN });
    expect(login.status, login.text).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;

    // 3 MB, over the 2 MB nginx allows other requests. It is no backup: the app has read it to
    // the end when it says so, in its own envelope.
    const file = Buffer.alloc(3 * 1024 * 1024, 'not a backup ');
    const uploaded = await fetchText('/api/admin/backups/restore-check', {
      file,
      cookie,
      headers: { 'x-file-name': 'large.backup' },
    });
    expect(uploaded.status, uploaded.text).toBe(400);
    expect(JSON.parse(uploaded.text)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('not a backup'),
    });
    // Everywhere else the limit stays: nginx turns the same file away itself.
    const elsewhere = await fetchText('/api/admin/backups/restore', { file, cookie });
    expect(elsewhere.status).toBe(413);
    expect(elsewhere.text).toContain('nginx');

    // Nobody else makes nginx store a backup's worth of bytes: a guest's upload is answered
    // before its body is read (it never sends one here), and a user's is forbidden.
    const user = await fetchText('/api/register', { body: MEMBER });
    expect(user.status, user.text).toBe(201);
    const userCookie = String(user.headers['set-cookie']).split(';')[0]!;
    for (const [who, expected] of [[undefined, 401] as const, [userCookie, 403] as const]) {
      const refused = await request('/api/admin/backups/restore-check', {
        method: 'POST',
        ...(who ? { cookie: who } : {}),
        headers: { 'content-length': String(1024 ** 3), 'x-file-name': 'huge.backup' },
        withoutBody: true,
      });
      expect(refused.statusCode).toBe(expected);
      refused.destroy();
    }

    // A restore (and a check) answers when it is done, up to the 15 minutes the admin screen
    // waits: nginx, as it runs, waits longer on the backup routes. Not waited for here: nginx's
    // default of 60 s elsewhere shows that the value is the locations' own.
    const configuration = nginx!.configuration();
    for (const location of [
      'location /api/admin/backups',
      'location = /api/admin/backups/restore-check',
    ]) {
      expect(readTimeoutOf(configuration, location), location).toBeGreaterThan(RESTORE_TIMEOUT_MS);
    }
    expect(readTimeoutOf(configuration, 'location /')).toBe(60_000);
    const serverLevel = withoutComments(configuration).replace(/location [^{]*\{[^}]*\}/g, '');
    expect(serverLevel).not.toMatch(/proxy_read_timeout/);
  });
});
