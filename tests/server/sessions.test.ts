import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '#server/db/schema/users.ts';
import { createUser, signIn } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

const getUser = (cookie: string) => api(t.app, { method: 'GET', url: '/api/user', cookie });

/** A signed-in user and their one session row id. */
async function signedIn(rememberMe = false) {
  const user = await createUser(t.db);
  const cookie = await signIn(t.db, user, rememberMe);
  const [row] = await t.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
  return { user, cookie, sessionId: row!.id };
}

const setSession = (id: number, values: Partial<typeof userSessions.$inferInsert>) =>
  t.db.update(userSessions).set(values).where(eq(userSessions.id, id));

const sessionRow = async (id: number) =>
  (await t.db.select().from(userSessions).where(eq(userSessions.id, id)))[0]!;

describe('session lifetime', () => {
  it('ends a standard session idle for more than a day', async () => {
    const { cookie, sessionId } = await signedIn();
    await setSession(sessionId, { lastSeenAt: ago(23 * HOUR) });
    expect((await getUser(cookie)).statusCode).toBe(200);

    await setSession(sessionId, { lastSeenAt: ago(25 * HOUR) });
    const response = await getUser(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'AUTH_ERROR' });
    // Ended for good: becoming "recent" again does not revive it.
    const ended = await sessionRow(sessionId);
    expect(ended.sessionToken).toBeNull();
    expect(ended.logoutTime).toBeInstanceOf(Date);
    await setSession(sessionId, { lastSeenAt: new Date() });
    expect((await getUser(cookie)).statusCode).toBe(401);
  });

  it('keeps a remembered session through a longer idle period', async () => {
    const { cookie, sessionId } = await signedIn(true);
    await setSession(sessionId, { lastSeenAt: ago(10 * DAY) });
    expect((await getUser(cookie)).statusCode).toBe(200);
    await setSession(sessionId, { lastSeenAt: ago(31 * DAY) });
    expect((await getUser(cookie)).statusCode).toBe(401);
  });

  it('ends any session at its absolute expiry, however active', async () => {
    const { cookie, sessionId } = await signedIn(true);
    await setSession(sessionId, { expiresAt: ago(1000), lastSeenAt: new Date() });
    expect((await getUser(cookie)).statusCode).toBe(401);
  });

  it('sets standard and remembered absolute lifetimes of 7 and 90 days', async () => {
    const standard = await sessionRow((await signedIn()).sessionId);
    const remembered = await sessionRow((await signedIn(true)).sessionId);
    const days = (row: typeof standard) => (row.expiresAt!.getTime() - Date.now()) / DAY;
    expect(days(standard)).toBeCloseTo(7, 1);
    expect(days(remembered)).toBeCloseTo(90, 1);
  });

  it('records activity, but not on every request', async () => {
    const { cookie, sessionId } = await signedIn();
    const stale = ago(2 * HOUR);
    await setSession(sessionId, { lastSeenAt: stale });
    await getUser(cookie);
    const touched = (await sessionRow(sessionId)).lastSeenAt!;
    expect(touched.getTime()).toBeGreaterThan(stale.getTime());

    await getUser(cookie);
    expect((await sessionRow(sessionId)).lastSeenAt!.getTime()).toBe(touched.getTime());
  });

  it("ends only the caller's session at logout", async () => {
    const user = await createUser(t.db);
    const phone = await signIn(t.db, user);
    const laptop = await signIn(t.db, user);
    await api(t.app, { method: 'POST', url: '/api/logout', cookie: phone });
    expect((await getUser(phone)).statusCode).toBe(401);
    expect((await getUser(laptop)).statusCode).toBe(200);
  });
});
