import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { messages } from '#server/db/schema/chat.ts';
import { userSessions } from '#server/db/schema/users.ts';
import type {
  ActiveSession,
  FailedLogins,
  LoginEntry,
} from '#shared/admin/admin-security-schemas.ts';
import { openEventStream } from '#tests/support/chat-helpers.ts';
import {
  createSignedInUser,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
} from '#tests/support/factories.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { SLOW_REPLY_SCRIPT, type Script } from '#tests/support/fake-ai/script.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/** Issue 12 "security": the login log, failed-login spikes, active sessions and revoking them. */
let t: TestContext;
let fake: FakeAi;
let baseUrl: string;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  ({ t, fake, baseUrl } = await startAppWithFakeAi({}, { listen: true }));
  admin = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(() => stopAppWithFakeAi({ t, fake }));

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });

const login = (username: string, password: string, ip: string) =>
  api(t.app, {
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'user-agent': 'security-test' },
    payload: { username, password },
  });

async function page<T>(url: string) {
  const response = await asAdmin('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: T[]; nextCursor: string | null }>();
}

describe('the login log', () => {
  it('lists attempts with user, address, agent, method and outcome, filtered and paged', async () => {
    const user = await createUser(t.db);
    await login(user.username, 'wrong one', '198.51.100.7');
    await login(user.username, 'wrong two', '198.51.100.7');
    await login(user.username, DEFAULT_PASSWORD, '198.51.100.8');
    await login('nobody_here', 'whatever', '198.51.100.7');

    const mine = await page<LoginEntry>(`/api/admin/security/logins?userId=${user.id}`);
    expect(mine.items.map((e) => [e.successful, e.ipAddress])).toEqual([
      [true, '198.51.100.8'],
      [false, '198.51.100.7'],
      [false, '198.51.100.7'],
    ]);
    expect(mine.items[0]).toMatchObject({
      userId: user.id,
      username: user.username,
      userAgent: 'security-test',
      loginMethod: 'password',
    });

    const failedFromIp = await page<LoginEntry>(
      '/api/admin/security/logins?ip=198.51.100.7&successful=false&limit=2',
    );
    expect(failedFromIp.items.map((e) => e.username)).toEqual(['nobody_here', user.username]);
    const rest = await page<LoginEntry>(
      `/api/admin/security/logins?ip=198.51.100.7&successful=false&limit=2&cursor=${failedFromIp.nextCursor}`,
    );
    expect(rest.items.map((e) => e.username)).toEqual([user.username]);
    expect(rest.nextCursor).toBeNull();

    const byName = await page<LoginEntry>('/api/admin/security/logins?username=NOBODY_HERE');
    expect(byName.items).toMatchObject([{ userId: null, successful: false }]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page(`/api/admin/security/logins?from=${future}`)).items).toEqual([]);
  });

  it('counts failed attempts per hour for the last 24 hours and names the worst sources', async () => {
    const user = await createUser(t.db);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await t.db.insert(userSessions).values([
      ...Array.from({ length: 4 }, () => ({
        userId: user.id,
        attemptedUsername: user.username,
        ipAddress: '203.0.113.66',
        successful: false,
        loginTime: twoHoursAgo,
      })),
      // Older than a day: not in the figures.
      {
        userId: user.id,
        attemptedUsername: user.username,
        ipAddress: '203.0.113.66',
        successful: false,
        loginTime: new Date(Date.now() - 30 * 3_600_000),
      },
    ]);
    await login('spiky_name', 'bad', '203.0.113.67');

    const response = await asAdmin('GET', '/api/admin/security/failed-logins');
    expect(response.statusCode).toBe(200);
    const spikes = response.json<FailedLogins>();
    expect(spikes.hourly).toHaveLength(24);
    const hourOf = (date: Date) => `${date.toISOString().slice(0, 13)}:00:00.000Z`;
    expect(spikes.hourly.at(-1)!.hour).toBe(hourOf(new Date()));
    expect(
      spikes.hourly.find((h) => h.hour === hourOf(twoHoursAgo))!.failed,
    ).toBeGreaterThanOrEqual(4);
    expect(spikes.total).toBe(spikes.hourly.reduce((sum, h) => sum + h.failed, 0));
    expect(spikes.topIps[0]).toEqual({ ipAddress: '203.0.113.66', failed: 4 });
    expect(spikes.topUsernames).toContainEqual({ username: 'spiky_name', failed: 1 });
  });
});

describe('active sessions', () => {
  it('lists live sessions only, and a revoked one gets 401 at its next request', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const other = await signIn(t.db, user);
    const ended = await signIn(t.db, user);
    await api(t.app, { method: 'POST', url: '/api/logout', cookie: ended });

    const live = await page<ActiveSession>(`/api/admin/sessions?userId=${user.id}`);
    expect(live.items).toHaveLength(2);
    expect(live.items.every((s) => s.username === user.username && !s.current)).toBe(true);
    const own = await page<ActiveSession>(`/api/admin/sessions?userId=${admin.user.id}`);
    expect(own.items.map((s) => s.current)).toEqual([true]);

    const target = live.items[1]!; // the older one: `cookie`
    const revoked = await asAdmin('POST', `/api/admin/sessions/${target.id}/revoke`, {
      reason: 'Stolen laptop',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie })).statusCode).toBe(401);
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie: other })).statusCode).toBe(
      200,
    );
    expect((await page<ActiveSession>(`/api/admin/sessions?userId=${user.id}`)).items).toHaveLength(
      1,
    );

    const again = await asAdmin('POST', `/api/admin/sessions/${target.id}/revoke`);
    expect(again.statusCode).toBe(409);
    const rows = await t.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, 'session.revoke'),
          eq(adminAuditLog.targetId, String(target.id)),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      targetType: 'session',
      reason: 'Stolen laptop',
      before: { userId: user.id, active: true },
      after: { active: false },
    });
    expect((await asAdmin('POST', '/api/admin/sessions/999999/revoke')).statusCode).toBe(404);
  });
});

/** A new user's reply, streamed until its first words arrived. */
async function streamingReply(marker: string, script: Script) {
  fake.when(marker, script);
  const signedIn = await createSignedInUser(t.db);
  const stream = await openEventStream(baseUrl, '/api/chat', {
    cookie: signedIn.cookie,
    method: 'POST',
    body: { message: `Count ${marker}` },
  });
  expect(stream.status).toBe(200);
  await stream.waitFor((events) => events.some((e) => e.event === 'delta'));
  return { ...signedIn, stream };
}

describe('open reply streams', () => {
  const slowStream = (marker: string) => streamingReply(marker, SLOW_REPLY_SCRIPT);
  const finished = (events: { event: string }[]) =>
    events.some((e) => e.event === 'done' || e.event === 'error');

  it('close when their session is revoked, before the reply is done', async () => {
    const { user, stream } = await slowStream('[revoke-stream]');
    const [session] = (await page<ActiveSession>(`/api/admin/sessions?userId=${user.id}`)).items;
    await asAdmin('POST', `/api/admin/sessions/${session!.id}/revoke`);
    await stream.ended;
    expect(finished(stream.events)).toBe(false);
  });

  it('close when their user is suspended, before the reply is done', async () => {
    const { user, stream } = await slowStream('[suspend-stream]');
    await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, { reason: 'Abuse' });
    await stream.ended;
    expect(finished(stream.events)).toBe(false);
  });
});

describe("a suspended or deleted user's reply", () => {
  /** Long enough (4 s) that a reply running to its end cannot pass for a cancelled one. */
  const LONG_REPLY: Script = {
    chunks: Array.from({ length: 40 }, (_, i) => `w${i} `),
    chunkDelayMs: 100,
  };

  const longReply = async (marker: string) => (await streamingReply(marker, LONG_REPLY)).user;

  /** The provider's answer was cut by Orbit, not read to its end; no reply text was stored. */
  async function expectCancelled(marker: string, userId: number) {
    const upstream = fake.requestWith(marker)!;
    await upstream.finished;
    expect(upstream.closedByClient).toBe(true);
    const replies = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.isUserMessage, false)));
    expect(replies).toEqual([]);
  }

  it('ends upstream at once when an administrator suspends the user', async () => {
    const user = await longReply('[suspend-upstream]');
    const suspended = await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, {
      reason: 'Abuse',
    });
    expect(suspended.statusCode).toBe(200);
    await expectCancelled('[suspend-upstream]', user.id);
  });

  it('ends upstream at once when an administrator deletes the user', async () => {
    const user = await longReply('[delete-upstream]');
    const deleted = await api(t.app, {
      method: 'DELETE',
      url: `/api/admin/users/${user.id}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    await expectCancelled('[delete-upstream]', user.id);
  });
});
