import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { buildApp } from '#server/app.ts';
import { codeFiles } from '#server/db/schema/codehub.ts';
import { userSessions } from '#server/db/schema/users.ts';
import { LIVE_CLOSE, MAX_SESSION_TEXT } from '#shared/codehub/live-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import {
  handshakeStatus,
  liveClient,
  serverRevision,
  type LiveClient,
} from '#tests/support/live-client.ts';
import { api, createTestApp, TEST_SECRET, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/**
 * Live sessions over the real WebSocket (issue 13 items 2, 3 and 6): the stock y-websocket client
 * against a listening app, roles enforced by the server, the end, a restart, the replay.
 */
let t: TestContext;
/** The app serving now (the restart test replaces it). */
let app: FastifyInstance;
let baseUrl: string;
const clients: LiveClient[] = [];

async function listen(instance: FastifyInstance, port = 0) {
  await instance.listen({ port, host: '127.0.0.1' });
  const address = instance.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  baseUrl = await listen(app);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});
afterAll(async () => {
  if (app !== t.app) await app.close();
  await t.close();
});

type Json = Record<string, unknown>;
const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  api(app, { method, url, cookie, ...(payload ? { payload } : {}) });

function connect(sessionId: string, cookie: string) {
  const client = liveClient(baseUrl, sessionId, cookie);
  clients.push(client);
  return client;
}

/** A host with a private Python project (main.py from the template) and a live session on it. */
async function startSession(isPublic = false) {
  const host = await createSignedInUser(t.db, { displayName: 'Hanna Host' });
  const project = await call(host.cookie, 'POST', '/api/codehub/projects', {
    name: 'Pair',
    language: 'python',
    isPublic,
  });
  const projectId = project.json<{ id: string }>().id;
  const files = await call(host.cookie, 'GET', `/api/codehub/projects/${projectId}/files`);
  const file = files.json<{ files: { id: string; content: string; updatedAt: string }[] }>()
    .files[0]!;
  const created = await call(host.cookie, 'POST', '/api/codehub/sessions', { projectId });
  expect(created.statusCode).toBe(201);
  return { host, projectId, file, sessionId: created.json<{ sessionId: string }>().sessionId };
}

/** A user who may read the project (the owner makes it public) and joins the session. */
async function joiner(projectId: string, sessionId: string, hostCookie: string, name: string) {
  await call(hostCookie, 'PATCH', `/api/codehub/projects/${projectId}`, { isPublic: true });
  const user = await createSignedInUser(t.db, { displayName: name });
  const joined = await call(user.cookie, 'POST', `/api/codehub/sessions/${sessionId}/join`);
  expect(joined.statusCode).toBe(200);
  expect(joined.json()).toMatchObject({ myRole: 'viewer' });
  return user;
}

/**
 * Waits until the server has handled everything `client` sent before: a marker in its awareness
 * comes back through the server to `observer` (one connection's messages are handled in order).
 */
async function roundTrip(client: LiveClient, observer: LiveClient) {
  const marker = Math.random();
  client.provider.awareness.setLocalStateField('marker', marker);
  await until(
    () => observer.provider.awareness.getStates().get(client.doc.clientID)?.marker,
    (seen) => seen === marker,
  );
}

const fileContent = async (fileId: string) =>
  (await t.db.select().from(codeFiles).where(eq(codeFiles.id, fileId)))[0]!.content;

describe('live sessions', () => {
  it('starts, shows and lists a session; the creator is host, a joiner a viewer', async () => {
    const { host, projectId, sessionId } = await startSession();
    const shown = await call(host.cookie, 'GET', `/api/codehub/sessions/${sessionId}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      state: 'active',
      mode: 'collaborative',
      project: { id: projectId, name: 'Pair', language: 'python' },
      host: { name: 'Hanna Host' },
      myRole: 'host',
      participants: [{ name: 'Hanna Host', role: 'host', online: false }],
      files: [{ filename: 'main.py', isMain: true }],
    });
    const viewer = await joiner(projectId, sessionId, host.cookie, 'Vera Viewer');
    const again = await call(viewer.cookie, 'POST', `/api/codehub/sessions/${sessionId}/join`);
    expect(again.json<{ participants: Json[] }>().participants).toHaveLength(2);
    const mine = await call(viewer.cookie, 'GET', '/api/codehub/sessions');
    expect(mine.json()).toMatchObject({
      sessions: [{ id: sessionId, state: 'active', myRole: 'viewer', project: { name: 'Pair' } }],
    });
  });

  it("refuses to start a session on someone else's public project: it would write into their files", async () => {
    const { host, projectId } = await startSession(true);
    const stranger = await createSignedInUser(t.db, { displayName: 'Stella Stranger' });
    const refused = await call(stranger.cookie, 'POST', '/api/codehub/sessions', { projectId });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'Project not found' });
    const mine = await call(stranger.cookie, 'GET', '/api/codehub/sessions');
    expect(mine.json()).toMatchObject({ sessions: [] });
    // The owner may start another.
    const again = await call(host.cookie, 'POST', '/api/codehub/sessions', { projectId });
    expect(again.statusCode).toBe(201);
  });

  it("drops a viewer's edits on the server and applies a role flip on the open connection", async () => {
    const { host, projectId, file, sessionId } = await startSession();
    const viewer = await joiner(projectId, sessionId, host.cookie, 'Vera Viewer');
    const hostClient = connect(sessionId, host.cookie);
    const sneaky = connect(sessionId, viewer.cookie);
    await Promise.all([hostClient.synced(), sneaky.synced()]);
    expect(hostClient.text(file.id).toJSON()).toBe(file.content);

    // A raw client ignores the UI's read-only editor: the server still refuses its change.
    sneaky.text(file.id).insert(0, '# HACKED\n');
    await roundTrip(sneaky, hostClient);
    hostClient.text(file.id).insert(0, '# host\n');
    await until(
      () => sneaky.text(file.id).toJSON(),
      (text) => text.includes('# host'),
    );
    expect(hostClient.text(file.id).toJSON()).toBe(`# host\n${file.content}`);
    const late = connect(sessionId, host.cookie);
    await late.synced();
    expect(late.text(file.id).toJSON()).toBe(`# host\n${file.content}`);
    await until(
      () => fileContent(file.id),
      (content) => content === `# host\n${file.content}`,
    );

    // A second, untouched connection of the viewer becomes an editor while it stays open.
    const viewerClient = connect(sessionId, viewer.cookie);
    await viewerClient.synced();
    const revBefore = serverRevision(viewerClient);
    const flipped = await call(
      host.cookie,
      'PATCH',
      `/api/codehub/sessions/${sessionId}/participants/${viewer.user.id}`,
      { role: 'editor' },
    );
    expect(flipped.statusCode).toBe(200);
    expect(flipped.json<{ participants: Json[] }>().participants).toContainEqual(
      expect.objectContaining({ userId: viewer.user.id, role: 'editor', online: true }),
    );
    // The viewer is told at once: the server's awareness revision moves.
    await until(
      () => serverRevision(viewerClient),
      (rev) => rev > revBefore,
    );
    viewerClient.text(file.id).insert(0, '# editor\n');
    await until(
      () => hostClient.text(file.id).toJSON(),
      (text) => text.startsWith('# editor\n# host\n'),
    );
    expect(hostClient.text(file.id).toJSON()).not.toContain('HACKED');

    // Only the host changes roles.
    const refused = await call(
      viewer.cookie,
      'PATCH',
      `/api/codehub/sessions/${sessionId}/participants/${host.user.id}`,
      { role: 'viewer' },
    );
    expect(refused.statusCode).toBe(403);
  });

  it('ends: every connection closes and the session is not found afterwards', async () => {
    const { host, projectId, sessionId } = await startSession();
    const viewer = await joiner(projectId, sessionId, host.cookie, 'Vera Viewer');
    const hostClient = connect(sessionId, host.cookie);
    const viewerClient = connect(sessionId, viewer.cookie);
    await Promise.all([hostClient.synced(), viewerClient.synced()]);

    expect(
      (await call(viewer.cookie, 'POST', `/api/codehub/sessions/${sessionId}/end`)).statusCode,
    ).toBe(403);
    expect(
      (await call(host.cookie, 'POST', `/api/codehub/sessions/${sessionId}/end`)).statusCode,
    ).toBe(204);
    for (const client of [hostClient, viewerClient]) {
      await until(
        () => client.closed,
        (closed) => closed.length > 0,
      );
      expect(client.closed[0]).toEqual({ code: 4410, reason: 'Session ended' });
    }
    for (const cookie of [host.cookie, viewer.cookie]) {
      const gone = await call(cookie, 'GET', `/api/codehub/sessions/${sessionId}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ message: 'Session not found', code: 'NOT_FOUND' });
    }
    const reopened = await handshakeStatus(`${wsBase()}/api/codehub/live/${sessionId}`, {
      cookie: host.cookie,
      origin: baseUrl,
    });
    expect(reopened).toBe(404);
  });

  it('hides a private project’s session from others and refuses a foreign Origin', async () => {
    const { host, sessionId } = await startSession();
    const stranger = await createSignedInUser(t.db);
    for (const [method, url] of [
      ['GET', `/api/codehub/sessions/${sessionId}`],
      ['POST', `/api/codehub/sessions/${sessionId}/join`],
      ['GET', `/api/codehub/sessions/${sessionId}/replay`],
    ] as const) {
      const response = await call(stranger.cookie, method, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Session not found' });
    }
    const url = `${wsBase()}/api/codehub/live/${sessionId}`;
    expect(await handshakeStatus(url, { cookie: stranger.cookie, origin: baseUrl })).toBe(404);
    expect(await handshakeStatus(url, { origin: baseUrl })).toBe(401);
    expect(
      await handshakeStatus(url, { cookie: host.cookie, origin: 'https://evil.example' }),
    ).toBe(403);
    expect(await handshakeStatus(url, { cookie: host.cookie, origin: baseUrl })).toBe(101);
  });

  it('disconnects a user whose login is revoked', async () => {
    const { host, sessionId } = await startSession();
    const admin = await createSignedInUser(t.db, { isAdmin: true });
    const client = connect(sessionId, host.cookie);
    await client.synced();
    const [login] = await t.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(eq(userSessions.userId, host.user.id));
    const revoked = await call(admin.cookie, 'POST', `/api/admin/sessions/${login!.id}/revoke`, {
      reason: 'test',
    });
    expect(revoked.statusCode).toBe(200);
    await until(
      () => client.closed,
      (closed) => closed.length > 0,
    );
    expect(client.closed[0]).toEqual({ code: 4401, reason: 'Login ended' });
  });

  it('shares runs from editors into the Output and replays the session to its final text', async () => {
    const { host, projectId, file, sessionId } = await startSession();
    const viewer = await joiner(projectId, sessionId, host.cookie, 'Vera Viewer');
    const hostClient = connect(sessionId, host.cookie);
    await hostClient.synced();
    const text = hostClient.text(file.id);
    text.insert(text.length, '\nprint(1)');
    text.delete(0, 5);
    text.insert(0, 'x = 2\n');
    await until(
      () => fileContent(file.id),
      (content) => content === text.toJSON(),
    );

    const run = { language: 'python', stdout: '1\n', stderr: '', exitStatus: 0, durationMs: 12 };
    const viewerRun = await call(
      viewer.cookie,
      'POST',
      `/api/codehub/sessions/${sessionId}/runs`,
      run,
    );
    expect(viewerRun.statusCode).toBe(403);
    const shared = await call(host.cookie, 'POST', `/api/codehub/sessions/${sessionId}/runs`, run);
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ ...run, user: { name: 'Hanna Host' } });
    const details = await call(viewer.cookie, 'GET', `/api/codehub/sessions/${sessionId}`);
    expect(details.json<{ runs: Json[] }>().runs).toMatchObject([{ stdout: '1\n' }]);

    const replay = await call(viewer.cookie, 'GET', `/api/codehub/sessions/${sessionId}/replay`);
    expect(replay.statusCode).toBe(200);
    const body = replay.json<{
      actions: {
        type: string;
        user: { name: string } | null;
        content: string;
        update: string | null;
      }[];
    }>();
    const types = body.actions.map((action) => action.type);
    expect(types[0]).toBe('start');
    expect(types).toEqual(expect.arrayContaining(['join', 'edit', 'run']));
    expect(body.actions.find((a) => a.type === 'edit')).toMatchObject({
      user: { name: 'Hanna Host' },
      content: '\nprint(1)',
    });
    // Applying the logged updates in order rebuilds the final text.
    const rebuilt = new Y.Doc();
    for (const action of body.actions) {
      if (action.update) Y.applyUpdate(rebuilt, Buffer.from(action.update, 'base64'));
    }
    expect(rebuilt.getText(`file:${file.id}`).toJSON()).toBe(text.toJSON());
    expect(replay.json()).toMatchObject({ nextCursor: null });

    // Paged: every action exactly once, in order, whatever the page size.
    const replayUrl = `/api/codehub/sessions/${sessionId}/replay`;
    const allIds = replay.json<{ actions: { id: number }[] }>().actions.map((a) => a.id);
    expect(allIds.length).toBeGreaterThan(4);
    for (const limit of [1, 2, 3]) {
      const ids: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await call(viewer.cookie, 'GET', `${replayUrl}${query}`);
        expect(page.statusCode).toBe(200);
        const body = page.json<{ actions: { id: number }[]; nextCursor: string | null }>();
        expect(body.actions.length).toBeLessThanOrEqual(limit);
        ids.push(...body.actions.map((a) => a.id));
        cursor = body.nextCursor;
        pages++;
      } while (cursor);
      expect(ids).toEqual(allIds);
      expect(pages).toBe(Math.ceil(allIds.length / limit));
    }
    for (const query of ['?limit=0', '?limit=2001', '?cursor=nonsense']) {
      const refused = await call(viewer.cookie, 'GET', `${replayUrl}${query}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: expect.any(String) });
    }
  });

  it('shows files added, renamed and deleted during the session at once, and replays them', async () => {
    const { host, projectId, file, sessionId } = await startSession();
    const hostClient = connect(sessionId, host.cookie);
    await hostClient.synced();
    const files = `/api/codehub/projects/${projectId}/files`;
    const details = async () =>
      (await call(host.cookie, 'GET', `/api/codehub/sessions/${sessionId}`)).json<{
        files: { id: string; filename: string }[];
      }>().files;

    const revBefore = serverRevision(hostClient);
    const created = await call(host.cookie, 'POST', files, {
      filename: 'util.py',
      content: 'def helper():\n    return 1\n',
    });
    expect(created.statusCode).toBe(201);
    const added = created.json<{ id: string }>().id;
    // Seeded once on the server: the open client gets the text and is told to refetch the list.
    await until(
      () => hostClient.text(added).toJSON(),
      (text) => text === 'def helper():\n    return 1\n',
    );
    await until(
      () => serverRevision(hostClient),
      (rev) => rev > revBefore,
    );
    expect((await details()).map((f) => f.filename)).toEqual(['main.py', 'util.py']);
    // It is edited live like the others and its text goes back to code_files.
    hostClient.text(added).insert(0, '# util\n');
    await until(
      () => fileContent(added),
      (content) => content === '# util\ndef helper():\n    return 1\n',
    );
    const late = connect(sessionId, host.cookie);
    await late.synced();
    expect(late.text(added).toJSON()).toBe('# util\ndef helper():\n    return 1\n');

    const renamed = await call(host.cookie, 'PATCH', `${files}/${added}`, { filename: 'tools.py' });
    expect(renamed.statusCode).toBe(200);
    expect((await details()).map((f) => f.filename)).toEqual(['main.py', 'tools.py']);
    const deleted = await api(app, {
      method: 'DELETE',
      url: `${files}/${added}`,
      cookie: host.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await details()).map((f) => f.id)).toEqual([file.id]);

    // The replay still knows the deleted file and rebuilds both files' text.
    const replay = await call(host.cookie, 'GET', `/api/codehub/sessions/${sessionId}/replay`);
    const body = replay.json<{
      files: { id: string; filename: string }[];
      actions: { update: string | null }[];
    }>();
    expect(body.files.map((f) => f.filename)).toEqual(['main.py', 'tools.py']);
    const rebuilt = new Y.Doc();
    for (const action of body.actions) {
      if (action.update) Y.applyUpdate(rebuilt, Buffer.from(action.update, 'base64'));
    }
    expect(rebuilt.getText(`file:${added}`).toJSON()).toBe('# util\ndef helper():\n    return 1\n');
    expect(rebuilt.getText(`file:${file.id}`).toJSON()).toBe(file.content);
  });

  it('refuses to save a file’s text from outside a running session, which would overwrite it', async () => {
    const { host, projectId, file, sessionId } = await startSession();
    const url = `/api/codehub/projects/${projectId}/files/${file.id}`;
    const refused = await call(host.cookie, 'PATCH', url, { content: 'print("outside")\n' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', details: { liveSession: true } });
    expect(await fileContent(file.id)).toBe(file.content);
    // A rename still goes through; once the session ends, the text may be saved again.
    expect((await call(host.cookie, 'PATCH', url, { filename: 'app.py' })).statusCode).toBe(200);
    await call(host.cookie, 'POST', `/api/codehub/sessions/${sessionId}/end`);
    const saved = await call(host.cookie, 'PATCH', url, { content: 'print("after")\n' });
    expect(saved.statusCode).toBe(200);
    expect(await fileContent(file.id)).toBe('print("after")\n');
  });

  it('answers the end once the session’s text is in its files: an older tab cannot overwrite it', async () => {
    const { host, projectId, file, sessionId } = await startSession();
    const typist = connect(sessionId, host.cookie);
    const observer = connect(sessionId, host.cookie);
    await Promise.all([typist.synced(), observer.synced()]);
    typist.text(file.id).insert(0, '# typed live\n');
    await roundTrip(typist, observer);

    // Ended within the second the server waits for the typing to stop before it writes back.
    const ended = await call(host.cookie, 'POST', `/api/codehub/sessions/${sessionId}/end`);
    expect(ended.statusCode).toBe(204);
    expect(await fileContent(file.id)).toBe(`# typed live\n${file.content}`);
    // A tab opened before the session saves on the version it had: refused, the live text kept.
    const url = `/api/codehub/projects/${projectId}/files/${file.id}`;
    const stale = await call(host.cookie, 'PATCH', url, {
      content: 'print("old tab")\n',
      baseUpdatedAt: file.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await fileContent(file.id)).toBe(`# typed live\n${file.content}`);
  });

  it('loses nothing when the server restarts during the session', async () => {
    const { host, projectId, file, sessionId } = await startSession();
    const viewer = await joiner(projectId, sessionId, host.cookie, 'Vera Viewer');
    const hostClient = connect(sessionId, host.cookie);
    // A viewer stays connected through the restart; what it sends back is never applied.
    const viewerClient = connect(sessionId, viewer.cookie);
    await Promise.all([hostClient.synced(), viewerClient.synced()]);
    const text = hostClient.text(file.id);
    for (const word of ['alpha ', 'beta ', 'gamma ']) text.insert(text.length, word);
    const expected = text.toJSON();
    await until(
      () => viewerClient.text(file.id).toJSON(),
      (current) => current === expected,
    );
    // The editor goes away at once: only the server holds its edits now.
    hostClient.destroy();

    // The same port, as a restarted server: the open client reconnects by itself.
    const port = Number(new URL(baseUrl).port);
    await app.close();
    app = await buildApp({ env: t.env, database: t.database, secret: TEST_SECRET, logger: false });
    await listen(app, port);

    const fresh = connect(sessionId, host.cookie);
    await fresh.synced();
    expect(fresh.text(file.id).toJSON()).toBe(expected);
    expect(await fileContent(file.id)).toBe(expected);
    fresh.text(file.id).insert(expected.length, 'delta');
    await until(
      () => viewerClient.text(file.id).toJSON(),
      (current) => current === `${expected}delta`,
    );
  });

  it('refuses an edit that would make the session larger than it holds, and goes on without it', async () => {
    const { host, file, sessionId } = await startSession();
    const writer = connect(sessionId, host.cookie);
    const watcher = connect(sessionId, host.cookie);
    await Promise.all([writer.synced(), watcher.synced()]);
    const before = watcher.text(file.id).toJSON();
    writer.text(file.id).insert(0, 'x'.repeat(MAX_SESSION_TEXT));
    await until(
      () => writer.closed,
      (closed) => closed.length > 0,
    );
    expect(writer.closed).toEqual([LIVE_CLOSE.tooLarge]);
    // Neither applied nor relayed; the session goes on for everyone else.
    watcher.text(file.id).insert(0, '# ok\n');
    const fresh = connect(sessionId, host.cookie);
    await fresh.synced();
    await until(
      () => fresh.text(file.id).toJSON(),
      (text) => text === `# ok\n${before}`,
    );
    expect(await fileContent(file.id)).not.toContain('xxx');
  });

  it('closes a connection whose session cannot be loaded; the client gets in once it can', async () => {
    const { host, file, sessionId } = await startSession();
    await t.db.execute(sql`ALTER TABLE code_actions RENAME TO code_actions_away`);
    const codes: number[] = [];
    let client: LiveClient;
    try {
      client = connect(sessionId, host.cookie);
      client.provider.on('connection-close', (event) => codes.push(event?.code ?? 0));
      await until(
        () => codes,
        (seen) => seen.includes(LIVE_CLOSE.unavailable.code),
      );
    } finally {
      await t.db.execute(sql`ALTER TABLE code_actions_away RENAME TO code_actions`);
    }
    await client.synced();
    expect(client.text(file.id).toJSON()).toBe(file.content);
  });

  it('logs edits whose log write failed once the database takes them again, NUL typed or not', async () => {
    const { host, file, sessionId } = await startSession();
    const hostClient = connect(sessionId, host.cookie);
    await hostClient.synced();
    const text = hostClient.text(file.id);
    // The log's table is away (as in a database restart): the typing is not.
    await t.db.execute(sql`ALTER TABLE code_actions RENAME TO code_actions_away`);
    try {
      text.insert(0, 'kept\0 ');
      await until(
        () => fileContent(file.id),
        (content) => content === text.toJSON().replace('\0', ''),
      );
    } finally {
      await t.db.execute(sql`ALTER TABLE code_actions_away RENAME TO code_actions`);
    }
    const replay = async () => {
      const page = await call(host.cookie, 'GET', `/api/codehub/sessions/${sessionId}/replay`);
      return page.json<{ actions: { type: string; content: string; update: string | null }[] }>()
        .actions;
    };
    const actions = await until(replay, (rows) => rows.some((action) => action.type === 'edit'));
    expect(actions.filter((action) => action.type === 'edit')).toMatchObject([
      { content: 'kept ' },
    ]);
    // The logged updates rebuild what was typed.
    const rebuilt = new Y.Doc();
    for (const action of actions) {
      if (action.update) Y.applyUpdate(rebuilt, Buffer.from(action.update, 'base64'));
    }
    expect(rebuilt.getText(`file:${file.id}`).toJSON()).toBe(text.toJSON());
  });
});

const wsBase = () => baseUrl.replace(/^http/, 'ws');
