import { and, count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { tokenUsage } from '#server/db/schema/ai.ts';
import { payments } from '#server/db/schema/billing.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';
import { codeProjects } from '#server/db/schema/codehub.ts';
import { settings } from '#server/db/schema/settings.ts';
import { users, userSessions } from '#server/db/schema/users.ts';
import { websiteProjects } from '#server/db/schema/website-builder.ts';
import type { AdminUser, AdminUserDetail } from '#shared/admin/admin-users-schemas.ts';
import type { AuditEntry } from '#shared/admin/audit-schemas.ts';
import { nextIp } from '#tests/support/auth-helpers.ts';
import {
  createConversation,
  createSignedInUser,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
} from '#tests/support/factories.ts';
import { FakeStripe } from '#tests/support/fake-stripe/fake-stripe-server.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/** Issue 12 "users": find, inspect, change, suspend and erase accounts, every change audited. */
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { isAdmin: true, username: 'chief_admin' });
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });

async function auditRows(action: string, targetId: number) {
  return t.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, String(targetId))));
}

async function listPage(query: string) {
  const response = await asAdmin('GET', `/api/admin/users?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: AdminUser[]; nextCursor: string | null }>();
}

async function login(username: string, password = DEFAULT_PASSWORD) {
  return api(t.app, {
    method: 'POST',
    url: '/api/login',
    remoteAddress: nextIp(),
    payload: { username, password },
  });
}

describe('GET /api/admin/users', () => {
  it('finds users by username, name or e-mail and filters by tier, role and status', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const alice = await createUser(t.db, { username: `${tag}_alice`, subscriptionTier: 'expert' });
    const bob = await createUser(t.db, { displayName: `Bob ${tag.toUpperCase()}` });
    const carol = await createUser(t.db, { email: `carol@${tag}.example`, isAdmin: true });
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, bob.id));

    const ids = (page: { items: AdminUser[] }) => page.items.map((user) => user.id);
    expect(ids(await listPage(`q=${tag}`))).toEqual([carol.id, bob.id, alice.id]);
    expect(ids(await listPage(`q=${tag}&tier=expert`))).toEqual([alice.id]);
    expect(ids(await listPage(`q=${tag}&role=admin`))).toEqual([carol.id]);
    expect(ids(await listPage(`q=${tag}&role=user&status=active`))).toEqual([alice.id]);
    const suspended = await listPage(`q=${tag}&status=suspended`);
    expect(suspended.items).toMatchObject([{ id: bob.id, status: 'suspended' }]);
    expect((await listPage(`q=${tag}&tier=expert`)).items[0]).toMatchObject({
      subscriptionTier: 'expert',
      effectiveTier: 'expert',
      subscriptionExpiry: null,
    });
    // A LIKE wildcard in the search is a plain character.
    expect((await listPage('q=%25')).items).toEqual([]);
  });

  it('pages through every match once, by sign-up or by username, either way round', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    const names = ['delta', 'Alpha', 'charlie', 'bravo', 'echo'];
    for (const name of names) await createUser(t.db, { username: `${tag}_${name}` });
    async function all(query: string) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await listPage(
          `q=${tag}&limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((user) => user.username.slice(tag.length + 1)));
        cursor = page.nextCursor;
      } while (cursor !== null);
      return seen;
    }
    expect(await all('sort=created&order=asc')).toEqual(names);
    expect(await all('sort=created')).toEqual([...names].reverse());
    expect(await all('sort=username&order=asc')).toEqual([
      'Alpha',
      'bravo',
      'charlie',
      'delta',
      'echo',
    ]);
    expect(await all('sort=username&order=desc')).toEqual([
      'echo',
      'delta',
      'charlie',
      'bravo',
      'Alpha',
    ]);
    const wrongCursor = await asAdmin('GET', `/api/admin/users?sort=username&cursor=bm90LWl0`);
    expect(wrongCursor.statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/users?limit=101')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/users/:id', () => {
  it("shows the profile, sessions, this month's usage, subscription and payments", async () => {
    const { user } = await createSignedInUser(t.db, {
      subscriptionTier: 'premium',
      email: 'detail@example.com',
    });
    await login(user.username, 'wrong password');
    const lastMonth = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) - 1000,
    );
    await t.db.insert(tokenUsage).values([
      { userId: user.id, model: 'gpt-4o', totalTokens: 1200, cost: '0.012345' },
      { userId: user.id, model: 'gpt-4o', totalTokens: 800, cost: '0.000005' },
      { userId: user.id, model: 'gpt-4o', totalTokens: 999, cost: '9.5', createdAt: lastMonth },
    ]);
    await t.db.insert(payments).values({
      userId: user.id,
      provider: 'sandbox',
      providerPaymentId: `pay_detail_${user.id}`,
      planId: 'premium',
      amountCents: 999,
      method: 'sandbox',
      status: 'paid',
    });

    const response = await asAdmin('GET', `/api/admin/users/${user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AdminUserDetail>();
    expect(detail.user).toMatchObject({
      id: user.id,
      email: 'detail@example.com',
      subscriptionTier: 'premium',
      status: 'active',
      suspendedAt: null,
    });
    expect(detail.usage).toEqual({
      month: new Date().toISOString().slice(0, 7),
      messages: 2,
      tokens: 2000,
      cost: '0.012350',
    });
    expect(detail.payments).toMatchObject([
      { amountCents: 999, planId: 'premium', status: 'paid' },
    ]);
    expect(detail.subscription).toBeNull();
    expect(detail.sessions.map((s) => [s.successful, s.active])).toEqual([
      [false, false],
      [true, true],
    ]);
    expect((await asAdmin('GET', '/api/admin/users/999999')).statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('changes tier, expiry and allowance with one audit row holding before and after', async () => {
    const user = await createUser(t.db);
    const expiry = '2027-03-01T00:00:00.000Z';
    const response = await asAdmin('PATCH', `/api/admin/users/${user.id}`, {
      subscriptionTier: 'ultimate',
      subscriptionExpiry: expiry,
      monthlyQuota: 500,
      reason: 'Support ticket 42',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      subscriptionTier: 'ultimate',
      subscriptionExpiry: expiry,
    });
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ subscriptionTier: 'ultimate', monthlyQuota: 500 });

    const rows = await auditRows('user.update', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      targetType: 'user',
      reason: 'Support ticket 42',
      before: { subscriptionTier: 'free', monthlyQuota: 125, subscriptionExpiry: null },
      after: { subscriptionTier: 'ultimate', monthlyQuota: 500, subscriptionExpiry: expiry },
    });

    const nothing = await asAdmin('PATCH', `/api/admin/users/${user.id}`, { reason: 'only why' });
    expect(nothing.statusCode).toBe(400);
    const negative = await asAdmin('PATCH', `/api/admin/users/${user.id}`, { monthlyQuota: -1 });
    expect(negative.statusCode).toBe(400);
    expect(await auditRows('user.update', user.id)).toHaveLength(1);
  });

  it('grants and removes admin rights, but never from the last administrator', async () => {
    const solo = await createTestApp();
    try {
      const only = await createSignedInUser(solo.db, { isAdmin: true });
      const patch = (id: number, isAdmin: boolean) =>
        api(solo.app, {
          method: 'PATCH',
          url: `/api/admin/users/${id}`,
          cookie: only.cookie,
          payload: { isAdmin },
        });
      const refused = await patch(only.user.id, false);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'The last administrator cannot lose administrator rights',
      });

      const helper = await createUser(solo.db);
      expect((await patch(helper.id, true)).statusCode).toBe(200);
      // Now there are two: either may step down.
      expect((await patch(only.user.id, false)).statusCode).toBe(200);
      const [row] = await solo.db
        .select({ n: count() })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.action, 'user.update'));
      expect(row!.n).toBe(2);
    } finally {
      await solo.close();
    }
  });
});

describe('suspend and unsuspend', () => {
  it('ends every session at its next request, refuses login with 403, and undoes it', async () => {
    const user = await createUser(t.db);
    const first = await signIn(t.db, user);
    const second = await signIn(t.db, user);
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie: first })).statusCode).toBe(
      200,
    );

    const suspended = await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, {
      reason: 'Spam',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ id: user.id, status: 'suspended' });

    for (const cookie of [first, second]) {
      const next = await api(t.app, { method: 'GET', url: '/api/conversations', cookie });
      expect(next.statusCode).toBe(401);
    }
    const refused = await login(user.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'PERMISSION_ERROR',
      statusCode: 403,
      message: 'This account has been suspended. Please contact support.',
      details: { suspended: true },
    });
    expect(refused.cookies).toEqual([]);
    // A wrong password is told nothing more than before.
    expect((await login(user.username, 'not the password')).statusCode).toBe(401);

    const again = await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    const rows = await auditRows('user.suspend', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: 'Spam',
      before: { status: 'active' },
      after: { status: 'suspended', suspensionReason: 'Spam', sessionsEnded: 2 },
    });

    const unsuspended = await asAdmin('POST', `/api/admin/users/${user.id}/unsuspend`, {
      reason: 'Appeal accepted',
    });
    expect(unsuspended.statusCode, unsuspended.body).toBe(200);
    expect(unsuspended.json()).toMatchObject({ status: 'active' });
    const back = await login(user.username);
    expect(back.statusCode).toBe(200);
    // Ended sessions stay ended: unsuspending does not revive old cookies.
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie: first })).statusCode).toBe(
      401,
    );
    expect(await auditRows('user.unsuspend', user.id)).toHaveLength(1);
    expect((await asAdmin('POST', `/api/admin/users/${user.id}/unsuspend`)).statusCode).toBe(409);
  });

  it('refuses a session that escaped the ending while its user is suspended', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.db, user);
    // As if suspended by another path (the API keys check the same column).
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie })).statusCode).toBe(401);
  });

  it('refuses to suspend oneself', async () => {
    const response = await asAdmin('POST', `/api/admin/users/${admin.user.id}/suspend`, {
      reason: 'oops',
    });
    expect(response.statusCode).toBe(409);
    expect(await auditRows('user.suspend', admin.user.id)).toHaveLength(0);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('erases personal data and content, keeps usage and payments against the anonymised row', async () => {
    const { user, cookie } = await createSignedInUser(t.db, {
      email: 'gone@example.com',
      displayName: 'Gone Person',
      avatarUrl: 'https://example.com/a.png',
    });
    await t.db.insert(settings).values({ userId: user.id }).onConflictDoNothing();
    await createConversation(t.db, user.id, { messages: ['private question', 'answer'] });
    await t.db
      .insert(tokenUsage)
      .values({ userId: user.id, model: 'gpt-4o', totalTokens: 5, cost: '0.5' });
    await t.db.insert(payments).values({
      userId: user.id,
      provider: 'sandbox',
      providerPaymentId: `pay_gone_${user.id}`,
      planId: 'premium',
      amountCents: 999,
      method: 'sandbox',
      status: 'paid',
    });

    const response = await asAdmin('DELETE', `/api/admin/users/${user.id}`);
    expect(response.statusCode, response.body).toBe(204);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      username: `deleted-user-${user.id}`,
      email: null,
      displayName: null,
      avatarUrl: null,
      password: '',
      isAdmin: false,
    });
    expect(row!.deletedAt).not.toBeNull();
    const countOf = async (
      table: typeof conversations | typeof messages | typeof settings | typeof userSessions,
    ) => (await t.db.select({ n: count() }).from(table).where(eq(table.userId, user.id)))[0]!.n;
    expect(await countOf(conversations)).toBe(0);
    expect(await countOf(messages)).toBe(0);
    expect(await countOf(settings)).toBe(0);
    expect(await countOf(userSessions)).toBe(0);
    const kept = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(kept).toHaveLength(1);
    const usage = await t.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.id));
    expect(usage).toHaveLength(1);

    expect((await api(t.app, { method: 'GET', url: '/api/user', cookie })).statusCode).toBe(401);
    expect((await login(`deleted-user-${user.id}`, '')).statusCode).toBe(400);
    expect((await login(user.username)).statusCode).toBe(401);

    const rows = await auditRows('user.delete', user.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain('gone@example.com');
    expect((await asAdmin('DELETE', `/api/admin/users/${user.id}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/admin/users/${user.id}`)).json()).toMatchObject({
      user: { status: 'deleted', username: `deleted-user-${user.id}` },
      payments: [{ amountCents: 999 }],
    });
  });

  it("takes the user's code projects, live sessions and websites: a published one is 404", async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const visitor = await createSignedInUser(t.db);
    const call = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      api(t.app, { method, url, cookie: who, ...(payload ? { payload } : {}) });
    const created = async (response: Awaited<ReturnType<typeof call>>) => {
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<Record<string, string>>();
    };
    const project = await created(
      await call(cookie, 'POST', '/api/codehub/projects', {
        name: 'Private diary parser',
        language: 'python',
        isPublic: true,
      }),
    );
    const session = await created(
      await call(cookie, 'POST', '/api/codehub/sessions', { projectId: project.id }),
    );
    await created(
      await call(visitor.cookie, 'POST', `/api/codehub/sessions/${session.sessionId}/join`),
    );
    // The visitor's own session, which the erased user had joined, stays the visitor's.
    const visitorProject = await created(
      await call(visitor.cookie, 'POST', '/api/codehub/projects', {
        name: 'Shared kata',
        language: 'python',
        isPublic: true,
      }),
    );
    const visitorSession = await created(
      await call(visitor.cookie, 'POST', '/api/codehub/sessions', { projectId: visitorProject.id }),
    );
    await created(
      await call(cookie, 'POST', `/api/codehub/sessions/${visitorSession.sessionId}/join`),
    );
    const site = await created(
      await call(cookie, 'POST', '/api/codehub/build-website', {
        prompt: 'A landing page for a bakery called Krume in Leipzig',
      }),
    );
    await created(
      await call(cookie, 'PATCH', `/api/codehub/websites/${site.projectId}`, { isPublic: true }),
    );
    const siteUrl = `/api/codehub/websites/${site.projectId}/full`;
    expect((await call(visitor.cookie, 'GET', siteUrl)).statusCode).toBe(200);
    expect(
      (await call(visitor.cookie, 'GET', `/api/codehub/projects/${project.id}`)).statusCode,
    ).toBe(200);

    expect((await asAdmin('DELETE', `/api/admin/users/${user.id}`)).statusCode).toBe(204);

    const seen = async (url: string) => (await call(visitor.cookie, 'GET', url)).statusCode;
    expect(await seen(siteUrl)).toBe(404);
    expect(await seen(`/api/codehub/websites/${site.projectId}`)).toBe(404);
    expect(await seen(`/api/codehub/projects/${project.id}`)).toBe(404);
    expect(await seen(`/api/codehub/projects/${project.id}/files`)).toBe(404);
    expect(await seen(`/api/codehub/sessions/${session.sessionId}`)).toBe(404);
    const listed = async (url: string) =>
      JSON.stringify((await call(visitor.cookie, 'GET', url)).json());
    expect(await listed('/api/codehub/websites?scope=public')).not.toContain(site.projectId);
    expect(await listed('/api/codehub/projects?scope=public')).not.toContain(project.id);
    const kept = await call(
      visitor.cookie,
      'GET',
      `/api/codehub/sessions/${visitorSession.sessionId}`,
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json<{ participants: { userId: number }[] }>().participants).toEqual([
      expect.objectContaining({ userId: visitor.user.id }),
    ]);
    // Gone from the database, not only hidden: the page and its screenshot held their content.
    const [sites] = await t.db
      .select({ n: count() })
      .from(websiteProjects)
      .where(eq(websiteProjects.userId, user.id));
    const [projects] = await t.db
      .select({ n: count() })
      .from(codeProjects)
      .where(eq(codeProjects.userId, user.id));
    expect([sites!.n, projects!.n]).toEqual([0, 0]);
  });

  it('refuses to delete oneself', async () => {
    const response = await asAdmin('DELETE', `/api/admin/users/${admin.user.id}`);
    expect(response.statusCode).toBe(409);
    expect(await auditRows('user.delete', admin.user.id)).toHaveLength(0);
  });
});

describe('DELETE /api/admin/users/:id of a card subscriber', () => {
  const WEBHOOK_SECRET = 'whsec_test_erase';
  let stripe: FakeStripe;
  let paid: TestContext;
  beforeAll(async () => {
    stripe = await FakeStripe.start();
    paid = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
  });
  afterAll(async () => {
    await paid.close();
    await stripe.close();
  });

  /** A delivery as Stripe makes it: raw JSON with its Stripe-Signature. */
  function deliver(event: object) {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return paid.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  }

  const cancellations = (subscriptionId: string) =>
    stripe
      .requestsTo('DELETE', /^\/v1\/subscriptions\//)
      .filter((r) => r.path.endsWith(subscriptionId));

  it('cancels the subscription at Stripe once, and only if the erasure commits', async () => {
    const boss = await createSignedInUser(paid.db, { isAdmin: true });
    const { user, cookie } = await createSignedInUser(paid.db, { email: 'payer@example.com' });
    const checkout = await api(paid.app, {
      method: 'POST',
      url: '/api/subscription/checkout',
      cookie,
      payload: { plan: 'expert', interval: 'month' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = [...stripe.sessions.values()].at(-1)!;
    const subscription = stripe.completeCheckout(session.id as string);
    const subscriptionId = subscription.id as string;
    const completed = stripe.event('checkout.session.completed', stripe.sessions.get(session.id)!);
    expect((await deliver(completed)).statusCode).toBe(200);
    await until(
      async () =>
        (await api(paid.app, { method: 'GET', url: '/api/subscription', cookie })).json<{
          status: string;
        }>().status,
      (status) => status === 'active',
    );
    const erase = () =>
      api(paid.app, { method: 'DELETE', url: `/api/admin/users/${user.id}`, cookie: boss.cookie });

    // Refused (someone holds the anonymous name): the subscription keeps running.
    const squatter = await createUser(paid.db, { username: `deleted-user-${user.id}` });
    expect((await erase()).statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(cancellations(subscriptionId)).toEqual([]);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('active');

    await paid.db
      .update(users)
      .set({ username: `squatter_${squatter.id}` })
      .where(eq(users.id, squatter.id));
    expect((await erase()).statusCode).toBe(204);
    await until(
      () => cancellations(subscriptionId).length,
      (n) => n > 0,
    );
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    // Once: the job is done and is not sent again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(cancellations(subscriptionId)).toHaveLength(1);
    const [audit] = await paid.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'user.delete'), eq(adminAuditLog.targetId, String(user.id))),
      );
    expect(audit!.after).toEqual({
      status: 'deleted',
      providerSubscriptionCancelled: subscriptionId,
    });
  });
});

describe('the audit log', () => {
  it('shows each user change to the audit-log screen', async () => {
    const user = await createUser(t.db);
    await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, { reason: 'Audit check' });
    const response = await asAdmin(
      'GET',
      `/api/admin/audit-log?targetType=user&targetId=${user.id}`,
    );
    const { items } = response.json<{ items: AuditEntry[] }>();
    expect(items.map((item) => item.action)).toEqual(['user.suspend']);
  });
});
