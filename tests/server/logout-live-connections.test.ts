import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderOf, nextIp } from '#tests/support/auth-helpers.ts';
import { createSignedInUser, createUser, signIn } from '#tests/support/factories.ts';
import { liveClient, type LiveClient } from '#tests/support/live-client.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/**
 * A sign-out or a new password ends sessions; their open live-coding connections must end with
 * them, on a listening app with the stock y-websocket client (docs/decisions/320).
 */
let t: TestContext;
let app: FastifyInstance;
let baseUrl: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});
afterAll(() => t.close());

const LOGIN_ENDED = { code: 4401, reason: 'Login ended' };

const call = (cookie: string, method: 'POST' | 'PATCH', url: string, payload?: object) =>
  api(app, { method, url, cookie, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });

/** A live session on a new project of the user signed in with `cookie`. */
async function startLiveSession(cookie: string) {
  const project = await call(cookie, 'POST', '/api/codehub/projects', {
    name: 'Pair',
    language: 'python',
  });
  const projectId = project.json<{ id: string }>().id;
  const created = await call(cookie, 'POST', '/api/codehub/sessions', { projectId });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ sessionId: string }>().sessionId;
}

async function connect(sessionId: string, cookie: string) {
  const client = liveClient(baseUrl, sessionId, cookie);
  clients.push(client);
  await client.synced();
  return client;
}

const closedOnce = (client: LiveClient) =>
  until(
    () => client.closed,
    (closed) => closed.length > 0,
  );

/** `client`'s connection still carries edits: another connection sees its text. */
async function carriesEdits(client: LiveClient, observer: LiveClient) {
  const key = `probe-${Math.random()}`;
  client.doc.getMap('probe').set(key, true);
  await until(
    () => observer.doc.getMap('probe').get(key),
    (seen) => seen === true,
  );
}

describe('ending a login closes its live connections', () => {
  it('closes the session’s WebSocket on logout', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const client = await connect(await startLiveSession(cookie), cookie);
    const response = await call(cookie, 'POST', '/api/logout');
    expect(response.statusCode).toBe(200);
    await closedOnce(client);
    expect(client.closed[0]).toEqual(LOGIN_ENDED);
  });

  it('closes the other sessions’ WebSockets on a password change, not the caller’s', async () => {
    const user = await createUser(t.db);
    const mine = await signIn(t.db, user);
    const stolen = await signIn(t.db, user);
    const sessionId = await startLiveSession(mine);
    const myClient = await connect(sessionId, mine);
    const stolenClient = await connect(sessionId, stolen);

    const response = await call(mine, 'PATCH', '/api/user', {
      currentPassword: user.plainPassword,
      newPassword: 'brand new secret',
    });
    expect(response.statusCode, response.body).toBe(200);
    await closedOnce(stolenClient);
    expect(stolenClient.closed[0]).toEqual(LOGIN_ENDED);

    // The caller's session lives on with a fresh token; its open connection keeps working.
    const observer = await connect(sessionId, cookieHeaderOf(response));
    await carriesEdits(myClient, observer);
    expect(myClient.closed).toEqual([]);
  });

  it('closes the previous session’s WebSocket when someone signs in over it', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const client = await connect(await startLiveSession(cookie), cookie);
    const other = await createUser(t.db);
    const response = await call(cookie, 'POST', '/api/login', {
      username: other.username,
      password: other.plainPassword,
    });
    expect(response.statusCode, response.body).toBe(200);
    await closedOnce(client);
    expect(client.closed[0]).toEqual(LOGIN_ENDED);
  });
});
