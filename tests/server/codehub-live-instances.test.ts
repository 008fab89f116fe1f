import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { codeSessionPresence } from '#server/db/schema/codehub-live.ts';
import { connectRedis } from '#server/redis.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { liveClient, serverRevision, type LiveClient } from '#tests/support/live-client.ts';
import { api, createTestApp, TEST_SECRET, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/**
 * Two app instances on one database and one Redis serve one live session (issue 13 item 2):
 * edits, cursors, a role change and the end travel between them on the realtime layer.
 */
const env = {
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `orbit-live-${randomBytes(6).toString('hex')}:`,
};
let t: TestContext;
let second: FastifyInstance;
let secondRedis: Redis;
const urls: string[] = [];
const clients: LiveClient[] = [];

async function listen(instance: FastifyInstance) {
  await instance.listen({ port: 0, host: '127.0.0.1' });
  const address = instance.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  t = await createTestApp(env);
  secondRedis = await connectRedis(env.REDIS_URL, env.REDIS_PREFIX);
  second = await buildApp({
    env: t.env,
    database: t.database,
    redis: secondRedis,
    secret: TEST_SECRET,
    logger: false,
  });
  urls.push(await listen(t.app), await listen(second));
});
afterAll(async () => {
  for (const client of clients) client.destroy();
  await second?.close();
  await secondRedis?.quit();
  await t?.close();
});

function connect(instance: 0 | 1, sessionId: string, cookie: string) {
  const client = liveClient(urls[instance]!, sessionId, cookie);
  clients.push(client);
  return client;
}

describe('a live session served by two instances on Redis', () => {
  it('relays edits, cursors, a role change and the end between the instances', async () => {
    const host = await createSignedInUser(t.db, { displayName: 'Hanna Host' });
    const guest = await createSignedInUser(t.db, { displayName: 'Gus Guest' });
    const project = await api(t.app, {
      method: 'POST',
      url: '/api/codehub/projects',
      cookie: host.cookie,
      payload: { name: 'Shared', language: 'javascript', isPublic: true },
    });
    const projectId = project.json<{ id: string }>().id;
    const created = await api(t.app, {
      method: 'POST',
      url: '/api/codehub/sessions',
      cookie: host.cookie,
      payload: { projectId },
    });
    const sessionId = created.json<{ sessionId: string }>().sessionId;
    // The guest joins through the second instance.
    const joined = await api(second, {
      method: 'POST',
      url: `/api/codehub/sessions/${sessionId}/join`,
      cookie: guest.cookie,
    });
    const fileId = joined.json<{ files: { id: string }[] }>().files[0]!.id;

    const onFirst = connect(0, sessionId, host.cookie);
    const onSecond = connect(1, sessionId, guest.cookie);
    await Promise.all([onFirst.synced(), onSecond.synced()]);

    onFirst.text(fileId).insert(0, '// from the first instance\n');
    await until(
      () => onSecond.text(fileId).toJSON(),
      (text) => text.startsWith('// from the first instance\n'),
    );
    onFirst.provider.awareness.setLocalStateField('user', { name: 'Hanna Host' });
    await until(
      () => onSecond.provider.awareness.getStates().get(onFirst.doc.clientID)?.user,
      (user) => (user as { name?: string } | undefined)?.name === 'Hanna Host',
    );

    // The role change is made through the first instance; the guest's connection is on the second.
    const before = serverRevision(onSecond);
    const flipped = await api(t.app, {
      method: 'PATCH',
      url: `/api/codehub/sessions/${sessionId}/participants/${guest.user.id}`,
      cookie: host.cookie,
      payload: { role: 'editor' },
    });
    expect(flipped.statusCode).toBe(200);
    // The second instance heard it (it tells its clients by its awareness revision).
    await until(
      () => serverRevision(onSecond),
      (rev) => rev > before,
    );
    onSecond.text(fileId).insert(0, '// from the second instance\n');
    await until(
      () => onFirst.text(fileId).toJSON(),
      (text) => text.startsWith('// from the second instance\n// from the first instance\n'),
    );
    expect(onSecond.text(fileId).toJSON()).toBe(onFirst.text(fileId).toJSON());

    // Online state holds across instances: the host connected to both stays online while either
    // connection is open, whichever instance answers.
    const online = async (instance: FastifyInstance) => {
      const shown = await api(instance, {
        method: 'GET',
        url: `/api/codehub/sessions/${sessionId}`,
        cookie: guest.cookie,
      });
      const { participants } = shown.json<{
        participants: { userId: number; online: boolean }[];
      }>();
      return Object.fromEntries(participants.map((p) => [p.userId, p.online]));
    };
    const hostOnSecond = connect(1, sessionId, host.cookie);
    await hostOnSecond.synced();
    expect(await online(t.app)).toEqual({ [host.user.id]: true, [guest.user.id]: true });
    hostOnSecond.destroy();
    // The second instance let go of the host's connection there: online still, through the first.
    await until(
      () =>
        t.db.select().from(codeSessionPresence).where(eq(codeSessionPresence.sessionId, sessionId)),
      (rows) => rows.filter((r) => r.userId === host.user.id).length === 1,
    );
    for (const instance of [t.app, second]) {
      expect(await online(instance)).toEqual({ [host.user.id]: true, [guest.user.id]: true });
    }
    // A crashed instance's rows stop counting once they expire (its heartbeat no longer runs).
    const cora = await createSignedInUser(t.db, { displayName: 'Cora' });
    await api(second, {
      method: 'POST',
      url: `/api/codehub/sessions/${sessionId}/join`,
      cookie: cora.cookie,
    });
    const presenceOf = (instanceId: string, expiresIn: number) => ({
      sessionId,
      userId: cora.user.id,
      instanceId,
      expiresAt: new Date(Date.now() + expiresIn),
    });
    await t.db.insert(codeSessionPresence).values(presenceOf('crashed', -1000));
    expect((await online(t.app))[cora.user.id]).toBe(false);
    await t.db.insert(codeSessionPresence).values(presenceOf('elsewhere', 60_000));
    expect((await online(t.app))[cora.user.id]).toBe(true);
    // One join for the host, though two instances served them.
    const replay = await api(t.app, {
      method: 'GET',
      url: `/api/codehub/sessions/${sessionId}/replay`,
      cookie: guest.cookie,
    });
    const hostRows = replay
      .json<{ actions: { type: string; user: { id: number } | null }[] }>()
      .actions.filter((a) => a.user?.id === host.user.id && ['join', 'leave'].includes(a.type));
    expect(hostRows.map((a) => a.type)).toEqual(['join']);

    // A file added through the first instance is seeded once and reaches the second's client.
    const added = await api(t.app, {
      method: 'POST',
      url: `/api/codehub/projects/${projectId}/files`,
      cookie: host.cookie,
      payload: { filename: 'util.js', content: 'export const one = 1;\n' },
    });
    const addedId = added.json<{ id: string }>().id;
    await until(
      () => onSecond.text(addedId).toJSON(),
      (text) => text === 'export const one = 1;\n',
    );
    expect(onFirst.text(addedId).toJSON()).toBe('export const one = 1;\n');

    // Ended through the second instance: the host's connection on the first closes too.
    const ended = await api(second, {
      method: 'POST',
      url: `/api/codehub/sessions/${sessionId}/end`,
      cookie: host.cookie,
    });
    expect(ended.statusCode).toBe(204);
    for (const client of [onFirst, onSecond]) {
      await until(
        () => client.closed,
        (closed) => closed.length > 0,
      );
      expect(client.closed[0]!.code).toBe(4410);
    }
  });
});
