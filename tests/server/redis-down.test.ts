import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

// Issue 16, item 6(e): Redis goes down under an instance started with REDIS_URL. /readyz says
// so, every request answers within a bound (no hang) and a refusal is the envelope; once Redis
// is back the instance works again by itself. A private redis-server on a free port.

let t: TestContext;
let fake: FakeAi;
let port: number;
let redis: ChildProcess | undefined;

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return free;
}

async function startRedis() {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await until(
    () => output,
    (text) => text.includes('Ready to accept connections'),
  );
  return child;
}

async function stopRedis() {
  const child = redis!;
  redis = undefined;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  port = await freePort();
  redis = await startRedis();
  fake = await FakeAi.start();
  t = await createTestApp(
    fake.env({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_PREFIX: `orbit-test-${randomBytes(4).toString('hex')}:`,
    }),
  );
}, 60_000);
afterAll(async () => {
  await t?.close().catch(() => {});
  await fake?.close();
  if (redis) await stopRedis();
});

/** A request that must answer within `ms`: a hang fails the test instead of timing it out. */
async function within<T>(ms: number, request: Promise<T>) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('Redis down with REDIS_URL set', () => {
  it('is reported by /readyz, answers every request without hanging, and recovers', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const statusesWhileDown: number[] = [];
    expect((await api(t.app, { method: 'GET', url: '/readyz' })).json()).toMatchObject({
      status: 'ok',
      redis: 'ok',
    });
    expect((await sendChat(t.app, cookie, { message: 'Before' })).statusCode).toBe(200);

    await stopRedis();
    const ready = await within(5_000, api(t.app, { method: 'GET', url: '/readyz' }));
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      code: 'SERVER_ERROR',
      statusCode: 503,
      message: expect.stringMatching(/Redis/),
    });

    // Chat and an ordinary read either work on this instance or fail with the envelope, in time.
    for (const request of [
      () => sendChat(t.app, cookie, { message: 'During' }),
      () => api(t.app, { method: 'GET', url: '/api/conversations', cookie }),
    ]) {
      const response = await within(10_000, request());
      statusesWhileDown.push(response.statusCode);
      if (response.statusCode !== 200) {
        // Not a server fault: the service is unavailable for now.
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          statusCode: response.statusCode,
          code: expect.any(String),
        });
      }
    }

    redis = await startRedis();
    await until(
      async () => (await api(t.app, { method: 'GET', url: '/readyz' })).statusCode,
      (status) => status === 200,
      { attempts: 200, everyMs: 100 },
    );
    const after = await within(10_000, sendChat(t.app, cookie, { message: 'After' }));
    expect(after.statusCode, after.body).toBe(200);
  }, 60_000);
});
