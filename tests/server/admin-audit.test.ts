import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { users } from '#server/db/schema/users.ts';
import type { AuditEntry } from '#shared/admin/audit-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** The rules of every admin route and the audit log (issue 12 item 1). */
let t: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let user: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.db, { isAdmin: true });
  user = await createSignedInUser(t.db);
});
afterAll(() => t.close());

const actorOf = (id: number, username: string): AuditActor => ({
  userId: id,
  username,
  ipAddress: '203.0.113.7',
  userAgent: 'audit-test',
  requestId: 'req-1',
});

async function auditPage(query: string) {
  const response = await api(t.app, {
    method: 'GET',
    url: `/api/admin/audit-log?${query}`,
    cookie: admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: AuditEntry[]; nextCursor: string | null }>();
}

describe('every /api/admin route', () => {
  const adminRoutes = () => t.app.apiRoutes.filter((route) => route.url.startsWith('/api/admin'));
  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

  it('is declared for administrators only', () => {
    expect(adminRoutes().length).toBeGreaterThan(5);
    expect(adminRoutes().filter((route) => route.access !== 'admin')).toEqual([]);
  });

  it('answers a guest 401 and a user 403 PERMISSION_ERROR with nothing but the error', async () => {
    for (const route of adminRoutes()) {
      const method = route.method as 'GET';
      const url = concrete(route.url);
      const guest = await api(t.app, { method, url, payload: {} });
      expect(guest.statusCode, `${route.method} ${route.url}`).toBe(401);
      const denied = await api(t.app, { method, url, cookie: user.cookie, payload: {} });
      expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(denied.json()).toEqual({
        message: 'Administrator rights are required',
        code: 'PERMISSION_ERROR',
        statusCode: 403,
      });
    }
  });
});

describe('withAudit', () => {
  it('records the change with its actor, target, request and redacted secrets', async () => {
    const actor = actorOf(admin.user.id, admin.user.username);
    await withAudit(
      t.db,
      actor,
      'test.secret-change',
      { type: 'provider', id: 'openai' },
      async (_tx, record) => {
        record.before = { baseUrl: 'https://a.example', apiKey: 'sk-old' };
        record.after = {
          baseUrl: 'https://b.example',
          apiKey: 'sk-new',
          nested: { password: 'x' },
        };
      },
    );
    const { items } = await auditPage('action=test.secret-change');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      actorId: admin.user.id,
      actorUsername: admin.user.username,
      action: 'test.secret-change',
      targetType: 'provider',
      targetId: 'openai',
      before: { baseUrl: 'https://a.example', apiKey: '[redacted]' },
      after: {
        baseUrl: 'https://b.example',
        apiKey: '[redacted]',
        nested: { password: '[redacted]' },
      },
      ipAddress: '203.0.113.7',
      userAgent: 'audit-test',
      requestId: 'req-1',
    });
    expect(JSON.stringify(items)).not.toContain('sk-new');
  });

  it('writes neither the change nor a row when the change fails', async () => {
    const actor = actorOf(admin.user.id, admin.user.username);
    const failing = withAudit(
      t.db,
      actor,
      'test.failed',
      { type: 'user', id: user.user.id },
      async (tx) => {
        await tx
          .update(users)
          .set({ displayName: 'Changed' })
          .where(sql`${users.id} = ${user.user.id}`);
        throw new Error('refused half-way');
      },
    );
    await expect(failing).rejects.toThrow('refused half-way');
    const [row] = await t.db
      .select({ name: users.displayName })
      .from(users)
      .where(sql`${users.id} = ${user.user.id}`);
    expect(row?.name).not.toBe('Changed');
    expect((await auditPage('action=test.failed')).items).toEqual([]);
  });

  it('keeps the log append-only in the database itself', async () => {
    await expect(t.db.update(adminAuditLog).set({ action: 'forged' })).rejects.toThrow();
    await expect(t.db.delete(adminAuditLog)).rejects.toThrow();
    expect((await auditPage('action=test.secret-change')).items).toHaveLength(1);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('pages through every row once, newest first, at most 100 a page', async () => {
    const actor = actorOf(admin.user.id, admin.user.username);
    for (let i = 0; i < 7; i++) {
      await withAudit(t.db, actor, 'test.paged', { type: 'thing', id: i }, async (_tx, record) => {
        record.after = { i };
      });
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await auditPage(`action=test.paged&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.targetId ?? ''));
      cursor = page.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['6', '5', '4', '3', '2', '1', '0']);
    const oldestFirst = await auditPage('action=test.paged&order=asc&limit=2');
    expect(oldestFirst.items.map((item) => item.targetId)).toEqual(['0', '1']);
  });

  it('filters by target and refuses a page larger than 100 or a forged cursor', async () => {
    const byTarget = await auditPage('targetType=thing&targetId=4');
    expect(byTarget.items.map((item) => item.action)).toEqual(['test.paged']);
    for (const query of ['limit=101', 'cursor=not-a-cursor']) {
      const response = await api(t.app, {
        method: 'GET',
        url: `/api/admin/audit-log?${query}`,
        cookie: admin.cookie,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('admin mutations', () => {
  it('leave one audit row each: a setting change, with its before and after', async () => {
    const patch = await api(t.app, {
      method: 'PATCH',
      url: '/api/admin/settings',
      cookie: admin.cookie,
      payload: { registrationOpen: false },
      headers: { 'user-agent': 'settings-test' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ registrationOpen: false, maintenanceMode: false });
    const { items } = await auditPage('action=settings.update');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      targetType: 'settings',
      before: { registrationOpen: true },
      after: { registrationOpen: false },
      userAgent: 'settings-test',
    });
    expect(items[0]?.requestId).toBe(patch.headers['x-request-id']);
    await api(t.app, {
      method: 'PATCH',
      url: '/api/admin/settings',
      cookie: admin.cookie,
      payload: { registrationOpen: true },
    });
  });

  it('and a refused one leaves none (self-verification of a crypto payment)', async () => {
    const created = await api(t.app, {
      method: 'POST',
      url: '/api/crypto-payments',
      cookie: admin.cookie,
      payload: { plan: 'premium', durationMonths: 6, coin: 'BTC' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const reported = await api(t.app, {
      method: 'POST',
      url: `/api/crypto-payments/${id}/paid`,
      cookie: admin.cookie,
      payload: {
        txHash: 'b'.repeat(64),
        senderWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const verify = await api(t.app, {
      method: 'POST',
      url: `/api/admin/crypto-payments/${id}/verify`,
      cookie: admin.cookie,
      payload: {},
    });
    expect(verify.statusCode).toBe(403);
    expect((await auditPage('targetType=crypto_payment')).items).toEqual([]);
  });
});

describe('maintenance mode', () => {
  it('answers 503 to everyone but administrators, and keeps signing in open', async () => {
    const on = await api(t.app, {
      method: 'PATCH',
      url: '/api/admin/settings',
      cookie: admin.cookie,
      payload: { maintenanceMode: true },
    });
    expect(on.statusCode).toBe(200);
    try {
      const blocked = await api(t.app, {
        method: 'GET',
        url: '/api/conversations',
        cookie: user.cookie,
      });
      expect(blocked.statusCode).toBe(503);
      expect(blocked.headers['retry-after']).toBe('300');
      expect(blocked.json()).toMatchObject({ code: 'SERVER_ERROR', statusCode: 503 });
      const asAdmin = await api(t.app, {
        method: 'GET',
        url: '/api/conversations',
        cookie: admin.cookie,
      });
      expect(asAdmin.statusCode).toBe(200);
      const plans = await api(t.app, { method: 'GET', url: '/api/plans' });
      expect(plans.statusCode).toBe(200);
      const login = await api(t.app, {
        method: 'POST',
        url: '/api/login',
        payload: { username: user.user.username, password: 'wrong password here' },
      });
      expect(login.statusCode).toBe(401);
    } finally {
      await api(t.app, {
        method: 'PATCH',
        url: '/api/admin/settings',
        cookie: admin.cookie,
        payload: { maintenanceMode: false },
      });
    }
    const open = await api(t.app, {
      method: 'GET',
      url: '/api/conversations',
      cookie: user.cookie,
    });
    expect(open.statusCode).toBe(200);
  });
});
