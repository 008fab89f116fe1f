import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '#server/db/schema/settings.ts';
import { users, userSessions } from '#server/db/schema/users.ts';
import { ensureAdmin } from '#server/features/auth/admin-bootstrap.ts';
import { nextIp, uniqueUsername } from '#tests/support/auth-helpers.ts';
import { createUser, signIn } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const findByName = async (username: string) =>
  (
    await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
  )[0];

const login = (username: string, password: string) =>
  api(t.app, {
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: nextIp(),
  });

describe('ensureAdmin', () => {
  it('creates the administrator with a settings row, and can sign in', async () => {
    const username = uniqueUsername('admin');
    expect(await ensureAdmin(t.db, username, 'admin password 1')).toBe('created');

    const row = await findByName(username);
    expect(row).toMatchObject({ username, isAdmin: true });
    expect(row!.password).toMatch(/^\$argon2id\$/);
    expect(await t.db.select().from(settings).where(eq(settings.userId, row!.id))).toHaveLength(1);

    const response = await login(username, 'admin password 1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username, isAdmin: true });
  });

  it('promotes an existing user of that name in any case and sets the password', async () => {
    const user = await createUser(t.db, { username: uniqueUsername('Boss') });
    const cookie = await signIn(t.db, user);
    expect(await ensureAdmin(t.db, user.username.toLowerCase(), 'new admin password')).toBe(
      'updated',
    );

    const row = await findByName(user.username);
    expect(row).toMatchObject({ id: user.id, username: user.username, isAdmin: true });
    expect((await login(user.username, user.plainPassword)).statusCode).toBe(401);
    expect((await login(user.username, 'new admin password')).statusCode).toBe(200);
    // The password changed, so sessions opened with the old one end.
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie })).statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${user.username})`),
    ).toHaveLength(1);
  });

  it('leaves an up-to-date administrator and their sessions alone on restart', async () => {
    const username = uniqueUsername('steady');
    await ensureAdmin(t.db, username, 'steady password');
    const row = await findByName(username);
    const cookie = await signIn(t.db, row!);

    expect(await ensureAdmin(t.db, username, 'steady password')).toBe('unchanged');
    expect((await findByName(username))!.password).toBe(row!.password);
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie })).statusCode).toBe(200);
    const live = await t.db.select().from(userSessions).where(eq(userSessions.userId, row!.id));
    expect(live.every((session) => session.logoutTime === null)).toBe(true);
  });

  it('promotes a user whose password already matches without ending sessions', async () => {
    const user = await createUser(t.db, { password: 'already matching' });
    const cookie = await signIn(t.db, user);
    expect(await ensureAdmin(t.db, user.username, 'already matching')).toBe('updated');
    const me = await api(t.app, { method: 'GET', url: '/api/user', cookie });
    expect(me.json()).toMatchObject({ isAdmin: true });
  });
});
