import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, deltaText, openEventStream, single } from '#tests/support/chat-helpers.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import type { Script } from '#tests/support/fake-ai/script.ts';
import { serverDatabase, startServer, type RunningServer } from '#tests/support/server-process.ts';
import { TEST_DB } from '#tests/support/test-database.ts';

/**
 * Two real server processes sharing one PostgreSQL database and one Redis (issue 10 item 3,
 * decision 065): a reply started through one instance is followed, stopped and cancelled
 * through the other. PostgreSQL only: the embedded database belongs to one process.
 */
const WORDS = Array.from({ length: 40 }, (_, index) => `w${index} `);
const LONG_REPLY: Script = { chunks: WORDS, chunkDelayMs: 100 };
const ADMIN_PASSWORD = `admin-${randomBytes(6).toString('hex')}`;

let fake: FakeAi;
let dataDir: string;
let database: Awaited<ReturnType<typeof serverDatabase>> | undefined;
let first: RunningServer;
let second: RunningServer;
let cookie: string;

/** A JSON request as the web app sends it (CSRF marker, session cookie). */
function requestJson(
  baseUrl: string,
  url: string,
  init: { method?: string; body?: unknown; cookie?: string },
) {
  return fetch(baseUrl + url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

const stop = async (server: RunningServer | undefined) => {
  server?.child.kill('SIGTERM');
  await server?.exited;
};

const deltasAtLeast = (count: number) => (events: { event: string }[]) =>
  events.filter((event) => event.event === 'delta').length >= count;

/** Starts a long reply through the first instance and waits for its first words. */
async function startReply(marker: string) {
  fake.when(marker, LONG_REPLY);
  const stream = await openEventStream(first.baseUrl, '/api/chat', {
    cookie,
    method: 'POST',
    body: { message: `Count ${marker}` },
  });
  expect(stream.status).toBe(200);
  await stream.waitFor(deltasAtLeast(2));
  return { stream, conversationId: single(stream.events, 'start').conversationId };
}

describe.runIf(TEST_DB === 'postgres')('two instances on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    fake = await FakeAi.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'orbit-instances-'));
    database = await serverDatabase('orbit_instances');
    const env = {
      ...fake.env(),
      ...database.env,
      CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `orbit-test-${randomBytes(6).toString('hex')}:`,
      APP_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD,
    };
    // One after the other: the first applies the migrations.
    first = await startServer({ ...env, DATA_DIR: path.join(dataDir, 'a') });
    second = await startServer({ ...env, DATA_DIR: path.join(dataDir, 'b') });
    const login = await requestJson(first.baseUrl, '/api/login', {
      body: { username: 'chief', password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stop(first), stop(second)]);
    await fake?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('re-attaches through the other instance with Last-Event-ID, missing nothing', async () => {
    const { stream, conversationId } = await startReply('[two-attach]');
    stream.abort();
    const seen = stream.events.slice();
    const lastEventId = seen.at(-1)!.id!;

    const attached = await openEventStream(second.baseUrl, `/api/chat/stream/${conversationId}`, {
      cookie,
      lastEventId,
    });
    expect(attached.status).toBe(200);
    await attached.ended;
    expect(attached.events.map((event) => event.id)).not.toContain(lastEventId);
    expect(deltaText(seen) + deltaText(attached.events)).toBe(WORDS.join(''));
    expect(single(attached.events, 'done').message).toMatchObject({ status: 'complete' });

    // Ended: the other instance replays it whole, and a page that saw the end gets 204.
    const replay = await openEventStream(second.baseUrl, `/api/chat/stream/${conversationId}`, {
      cookie,
    });
    await replay.ended;
    expect(deltaText(replay.events)).toBe(WORDS.join(''));
    const seenEnd = await openEventStream(second.baseUrl, `/api/chat/stream/${conversationId}`, {
      cookie,
      lastEventId: attached.events.at(-1)!.id!,
    });
    expect(seenEnd.status).toBe(204);
  });

  it('stops through the other instance: the upstream request ends, the partial reply is kept', async () => {
    const { stream, conversationId } = await startReply('[two-stop]');
    const stop = await requestJson(second.baseUrl, '/api/chat/stop', {
      cookie,
      body: { conversationId },
    });
    expect(stop.status).toBe(200);
    const upstream = fake.requestWith('[two-stop]')!;
    await upstream.finished;
    expect(upstream.closedByClient).toBe(true);

    await stream.ended;
    const done = single(stream.events, 'done');
    expect(done.message.status).toBe('stopped');
    expect(done.message.content).toBe(deltaText(stream.events));
    expect(await stop.json()).toEqual({ stopped: true, message: done.message });

    const messages = await requestJson(second.baseUrl, `/api/messages/${conversationId}`, {
      cookie,
    });
    const stored = (await messages.json()) as { content: string; status: string }[];
    expect(stored.at(-1)).toMatchObject({ content: done.message.content, status: 'stopped' });
  });

  it('a message sent through the other instance first stops the running reply', async () => {
    const { stream, conversationId } = await startReply('[two-next]');
    const next = await requestJson(second.baseUrl, '/api/chat', {
      cookie,
      body: { message: 'Next [two-next-2]', conversationId },
    });
    expect(next.status).toBe(200);
    await stream.ended;
    expect(single(stream.events, 'done').message.status).toBe('stopped');
    const messages = await requestJson(second.baseUrl, `/api/messages/${conversationId}`, {
      cookie,
    });
    const stored = (await messages.json()) as { isUserMessage: boolean }[];
    // In order: question, stopped reply, next question, its reply.
    expect(stored.map((message) => message.isUserMessage)).toEqual([true, false, true, false]);
  });

  it('a retry with the same Idempotency-Key through the other instance follows the first reply', async () => {
    fake.when('[two-retry]', LONG_REPLY);
    const request = {
      cookie,
      method: 'POST' as const,
      body: { message: 'Count [two-retry]' },
      key: randomUUID(),
    };
    const firstTry = await openEventStream(first.baseUrl, '/api/chat', request);
    await firstTry.waitFor(deltasAtLeast(2));
    firstTry.abort();

    const retry = await openEventStream(second.baseUrl, '/api/chat', request);
    expect(retry.status).toBe(200);
    await retry.ended;
    expect(single(retry.events, 'start')).toEqual(single(firstTry.events, 'start'));
    expect(deltaText(retry.events)).toBe(WORDS.join(''));
    expect(
      fake.chatRequests().filter((r) => JSON.stringify(r.body).includes('[two-retry]')),
    ).toHaveLength(1);
  });

  it("suspending the user through the other instance ends the user's reply upstream", async () => {
    const username = `member_${randomBytes(4).toString('hex')}`;
    const registered = await requestJson(first.baseUrl, '/api/register', {
      body: { username, password: 'long enough password' },
    });
    expect(registered.status).toBe(201);
    const member = registered.headers.get('set-cookie')!.split(';')[0]!;
    const { id } = (await registered.json()) as { id: number };
    fake.when('[two-suspend]', LONG_REPLY);
    const stream = await openEventStream(first.baseUrl, '/api/chat', {
      cookie: member,
      method: 'POST',
      body: { message: 'Count [two-suspend]' },
    });
    expect(stream.status).toBe(200);
    await stream.waitFor(deltasAtLeast(2));

    const suspended = await requestJson(second.baseUrl, `/api/admin/users/${id}/suspend`, {
      cookie,
      body: { reason: 'Abuse' },
    });
    expect(suspended.status).toBe(200);
    const upstream = fake.requestWith('[two-suspend]')!;
    await upstream.finished;
    expect(upstream.closedByClient).toBe(true);
    await stream.ended;
  });

  it('deleting the conversation through the other instance cancels the reply', async () => {
    const { stream, conversationId } = await startReply('[two-delete]');
    const deleted = await requestJson(second.baseUrl, `/api/conversations/${conversationId}`, {
      cookie,
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
    const upstream = fake.requestWith('[two-delete]')!;
    await upstream.finished;
    expect(upstream.closedByClient).toBe(true);
    await stream.ended;
    expect(dataOf(stream.events, 'error')[0]).toMatchObject({ statusCode: 404 });
    const gone = await requestJson(first.baseUrl, `/api/conversations/${conversationId}`, {
      cookie,
    });
    expect(gone.status).toBe(404);
  });
});
