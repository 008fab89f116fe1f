import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/users.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';
import type { ErrorEnvelope } from '#shared/errors/app-error.ts';
import {
  cookieHeaderOf,
  nextIp,
  PUBLIC_USER_KEYS,
  sessionCookieOf,
} from '#tests/support/auth-helpers.ts';
import { createSignedInUser, createUser, signIn } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getUser = (cookie?: string) =>
  api(t.app, { method: 'GET', url: '/api/user', ...(cookie ? { cookie } : {}) });
const patchUser = (cookie: string, payload: object) =>
  api(t.app, { method: 'PATCH', url: '/api/user', cookie, payload, remoteAddress: nextIp() });

describe('GET /api/user/account', () => {
  it('shows the caller their own account with the email, and nothing more', async () => {
    const { user, cookie } = await createSignedInUser(t.db, {
      displayName: 'Nia',
      email: 'nia@example.com',
    });
    const response = await api(t.app, { method: 'GET', url: '/api/user/account', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      username: user.username,
      displayName: 'Nia',
      email: 'nia@example.com',
    });
    expect((await api(t.app, { method: 'GET', url: '/api/user/account' })).statusCode).toBe(401);
  });
});

describe('GET /api/user', () => {
  it('is 401 AUTH_ERROR when logged out', async () => {
    const response = await getUser();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'AUTH_ERROR', statusCode: 401 });
    expect((await getUser('orbit_session=made-up-token')).statusCode).toBe(401);
  });

  it('answers exactly the seven public fields, with subscription state', async () => {
    const expiry = new Date(Date.now() + 30 * 86_400_000);
    const { user, cookie } = await createSignedInUser(t.db, {
      displayName: 'Mira',
      email: 'mira@example.com',
      subscriptionTier: 'expert',
      subscriptionExpiry: expiry,
    });
    const response = await getUser(cookie);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(response.json()).toEqual({
      id: user.id,
      username: user.username,
      displayName: 'Mira',
      isAdmin: false,
      isSubscribed: true,
      subscriptionTier: 'expert',
      subscriptionExpiry: expiry.toISOString(),
    });
  });

  it('shows a lapsed subscription as free and not subscribed', async () => {
    const expiry = new Date(Date.now() - 86_400_000);
    const { cookie } = await createSignedInUser(t.db, {
      subscriptionTier: 'ultimate',
      subscriptionExpiry: expiry,
    });
    expect((await getUser(cookie)).json()).toMatchObject({
      isSubscribed: false,
      subscriptionTier: 'free',
      subscriptionExpiry: expiry.toISOString(),
    });
  });
});

describe('PATCH /api/user', () => {
  it('updates display name, email and avatar and answers the public user', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const response = await patchUser(cookie, {
      displayName: '  Neue Anzeige ',
      email: 'New.Address@example.com',
      avatarUrl: 'https://cdn.example.com/a.png',
      currentPassword: user.plainPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(response.json()).toMatchObject({ id: user.id, displayName: 'Neue Anzeige' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: 'New.Address@example.com',
      avatarUrl: 'https://cdn.example.com/a.png',
    });

    const cleared = await patchUser(cookie, {
      displayName: '',
      avatarUrl: null,
      email: null,
      currentPassword: user.plainPassword,
    });
    expect(cleared.json<PublicUser>().displayName).toBeNull();
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ email: null, avatarUrl: null, displayName: null });
  });

  it.each([
    [{ isAdmin: true }, 'isAdmin'],
    [{ subscriptionTier: 'ultimate' }, 'subscriptionTier'],
    [{ monthlyQuota: 100000, quotaUsed: 0 }, 'monthlyQuota, quotaUsed'],
    [{ username: 'someone_else' }, 'username'],
    [{ displayName: 'ok', id: 1 }, 'id'],
  ])('refuses to write %j', async (payload, fields) => {
    const { user, cookie } = await createSignedInUser(t.db);
    const response = await patchUser(cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `These fields cannot be changed: ${fields}`,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      username: user.username,
      displayName: null,
      isAdmin: false,
      subscriptionTier: 'free',
      monthlyQuota: user.monthlyQuota,
    });
    expect((await getUser(cookie)).json()).toMatchObject({
      isAdmin: false,
      subscriptionTier: 'free',
    });
  });

  it('validates avatar URLs and emails', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const response = await patchUser(cookie, { avatarUrl: 'javascript:alert(1)', email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorEnvelope>().details).toEqual({
      avatarUrl: ['Avatar must be an http or https URL'],
      email: ['Please enter a valid email address'],
    });
  });

  it("refuses another user's email with 409", async () => {
    const other = await createUser(t.db, { email: `taken_${Date.now()}@example.com` });
    const { user, cookie } = await createSignedInUser(t.db);
    const response = await patchUser(cookie, {
      email: other.email!.toUpperCase(),
      currentPassword: user.plainPassword,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Email is already registered',
    });
  });

  it('requires the correct current password to change the email address', async () => {
    const { user, cookie } = await createSignedInUser(t.db, { email: 'kept@example.com' });
    const missing = await patchUser(cookie, { email: 'thief@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        currentPassword: ['Please enter your current password to change your email address'],
      },
    });
    const wrong = await patchUser(cookie, {
      email: 'thief@example.com',
      currentPassword: 'not it at all',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorEnvelope>().message).toBe('Current password is incorrect');
    const removed = await patchUser(cookie, { email: null });
    expect(removed.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe('kept@example.com');

    // The same address again (with the display name, as a profile form saves) needs no password.
    const unchanged = await patchUser(cookie, { displayName: 'Kim', email: 'kept@example.com' });
    expect(unchanged.statusCode).toBe(200);
    const changed = await patchUser(cookie, {
      email: 'new@example.com',
      currentPassword: user.plainPassword,
    });
    expect(changed.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.email).toBe('new@example.com');
  });

  it('requires the correct current password to set a new one', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const wrong = await patchUser(cookie, {
      currentPassword: 'not it at all',
      newPassword: 'brand new secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Current password is incorrect',
      details: { currentPassword: ['Current password is incorrect'] },
    });
    const missing = await patchUser(cookie, { newPassword: 'brand new secret' });
    expect(missing.json<ErrorEnvelope>().details).toEqual({
      currentPassword: ['Please enter your current password to set a new one'],
    });
    const short = await patchUser(cookie, {
      currentPassword: user.plainPassword,
      newPassword: 'short',
    });
    expect(short.json<ErrorEnvelope>().details).toEqual({
      newPassword: ['Password must be at least 8 characters'],
    });
  });

  it('changes the password, ends the other sessions and rotates the own one', async () => {
    const user = await createUser(t.db);
    const mine = await signIn(t.db, user);
    const otherDevice = await signIn(t.db, user, true);
    const response = await patchUser(mine, {
      currentPassword: user.plainPassword,
      newPassword: 'brand new secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('brand new secret');

    const rotated = cookieHeaderOf(response);
    expect(rotated).not.toBe(mine);
    expect(sessionCookieOf(response)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await getUser(rotated)).statusCode).toBe(200);
    expect((await getUser(mine)).statusCode).toBe(401);
    expect((await getUser(otherDevice)).statusCode).toBe(401);

    const login = (password: string) =>
      api(t.app, {
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password },
        remoteAddress: nextIp(),
      });
    expect((await login(user.plainPassword)).statusCode).toBe(401);
    expect((await login('brand new secret')).statusCode).toBe(200);
  });

  it('is 401 for guests', async () => {
    const response = await api(t.app, {
      method: 'PATCH',
      url: '/api/user',
      payload: { displayName: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});
