import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { tokenLimits, tokenUsage } from '#server/db/schema/ai.ts';
import type { TokenLimit, TokenUsageReport } from '#shared/admin-tokens/token-admin-schemas.ts';
import type { AdminApiKeyPage, CreatedApiKey } from '#shared/api-keys/api-key-schemas.ts';
import { sendChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser, createUser } from '#tests/support/factories.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/** The admin tokens area and the admin overview of API keys (issue #12). */
let t: TestContext;
let fake: FakeAi;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  ({ t, fake } = await startAppWithFakeAi());
  admin = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(() => stopAppWithFakeAi({ t, fake }));

const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  api(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });

async function auditRows(action: string) {
  return t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action));
}

describe('GET /api/admin/token-usage', () => {
  it('sums by day, model, user and tier with exact decimal costs', async () => {
    const alice = await createUser(t.db, {
      username: `alice_${Date.now()}`,
      subscriptionTier: 'expert',
    });
    const bob = await createUser(t.db, { username: `=bob_${Date.now()}`, subscriptionTier: 'pro' });
    const day = (date: string) => new Date(`${date}T12:00:00Z`);
    const usage = (
      userId: number,
      model: string,
      tokens: number,
      cost: string,
      createdAt: Date,
    ) => ({
      userId,
      model,
      inputTokens: tokens,
      outputTokens: 0,
      totalTokens: tokens,
      cost,
      createdAt,
    });
    await t.db.insert(tokenUsage).values([
      usage(alice.id, 'rpt-model-a', 100, '0.100000', day('2020-01-01')),
      usage(alice.id, 'rpt-model-a', 200, '0.200000', day('2020-01-02')),
      usage(bob.id, 'rpt-model-b', 50, '0.000001', day('2020-01-02')),
      // Outside the range.
      usage(bob.id, 'rpt-model-b', 999, '9.000000', day('2020-01-04')),
    ]);
    const range = 'from=2020-01-01&to=2020-01-03';
    const report = async (query: string) => {
      const response = await asAdmin('GET', `/api/admin/token-usage?${range}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TokenUsageReport>();
    };

    const byDay = await report('groupBy=day');
    expect(byDay.items.map((row) => [row.key, row.calls, row.totalTokens, row.cost])).toEqual([
      ['2020-01-01', 1, 100, '0.100000'],
      ['2020-01-02', 2, 250, '0.200001'],
    ]);
    // 0.1 + 0.2 + 0.000001, summed in the database as numeric: no binary float drift.
    expect(byDay.totals).toEqual({
      calls: 3,
      inputTokens: 350,
      outputTokens: 0,
      totalTokens: 350,
      cost: '0.300001',
    });

    const byModel = await report('groupBy=model');
    expect(byModel.items.map((row) => [row.key, row.cost])).toEqual([
      ['rpt-model-a', '0.300000'],
      ['rpt-model-b', '0.000001'],
    ]);
    const byUser = await report('groupBy=user');
    expect(byUser.items.map((row) => [row.key, row.label])).toEqual([
      [String(alice.id), alice.username],
      [String(bob.id), bob.username],
    ]);
    const byTier = await report('groupBy=tier');
    expect(byTier.items.map((row) => [row.key, row.totalTokens])).toEqual([
      ['expert', 300],
      ['premium', 50],
    ]);
    expect((await report('groupBy=model&tier=premium')).items.map((row) => row.key)).toEqual([
      'rpt-model-b',
    ]);

    const first = await report('groupBy=day&limit=1');
    expect(first.items).toHaveLength(1);
    const second = await report(`groupBy=day&limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((row) => row.key)).toEqual(['2020-01-02']);
    expect(second.nextCursor).toBeNull();

    const csv = await asAdmin('GET', `/api/admin/token-usage.csv?${range}&groupBy=user`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(
      'token-usage-user-2020-01-01-2020-01-03.csv',
    );
    expect(csv.body.split('\r\n')).toEqual([
      'user,label,calls,input_tokens,output_tokens,total_tokens,cost_usd',
      `${alice.id},${alice.username},2,300,0,300,0.300000`,
      // A name that a spreadsheet would run as a formula is defused.
      `${bob.id},'${bob.username},1,50,0,50,0.000001`,
      '',
    ]);
  });

  it('refuses a range that ends before it starts', async () => {
    const response = await asAdmin('GET', '/api/admin/token-usage?from=2020-02-01&to=2020-01-01');
    expect(response.statusCode).toBe(400);
  });
});

describe('/api/admin/token-limits', () => {
  it('changes a tier’s limits for the very next request, audited', async () => {
    const limits = (await asAdmin('GET', '/api/admin/token-limits')).json<{
      limits: TokenLimit[];
    }>().limits;
    expect(limits.map((limit) => limit.tier)).toEqual(['free', 'premium', 'expert', 'ultimate']);
    const expert = limits.find((limit) => limit.tier === 'expert')!;
    const { cookie } = await createSignedInUser(t.db, {
      subscriptionTier: 'expert',
      subscriptionExpiry: null,
    });
    expect((await sendChat(t.app, cookie, { message: 'Before the change' })).statusCode).toBe(200);

    const changed = await asAdmin('PUT', '/api/admin/token-limits', {
      limits: [{ ...expert, maxRequestSize: 1 }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      changed.json<{ limits: TokenLimit[] }>().limits.find((limit) => limit.tier === 'expert')!
        .maxRequestSize,
    ).toBe(1);
    try {
      const refused = await sendChat(t.app, cookie, { message: 'After the change' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toContain('Request too large');
    } finally {
      await t.db
        .update(tokenLimits)
        .set({ maxRequestSize: expert.maxRequestSize })
        .where(eq(tokenLimits.tier, 'expert'));
    }
    const [audit] = await auditRows('token_limits.update');
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      targetType: 'token_limits',
      targetId: 'expert',
    });
    expect(audit!.before).toEqual([expert]);
    expect(audit!.after).toEqual([{ ...expert, maxRequestSize: 1 }]);
  });

  it('refuses a daily limit above the monthly one and a tier named twice, changing nothing', async () => {
    const base = {
      tier: 'free',
      monthlyTokens: 10,
      dailyTokens: 20,
      maxRequestSize: 5,
      gpt5Access: false,
      claude4Access: false,
    };
    expect((await asAdmin('PUT', '/api/admin/token-limits', { limits: [base] })).statusCode).toBe(
      400,
    );
    const twice = { ...base, dailyTokens: 5 };
    expect(
      (await asAdmin('PUT', '/api/admin/token-limits', { limits: [twice, twice] })).statusCode,
    ).toBe(400);
    const [free] = await t.db.select().from(tokenLimits).where(eq(tokenLimits.tier, 'free'));
    expect(free!.monthlyTokens).not.toBe(10);
  });
});

describe('the admin overview of API keys', () => {
  it('lists every user’s keys without the key and revokes one, audited', async () => {
    const owner = await createSignedInUser(t.db, {
      username: `keyowner_${Date.now()}`,
      subscriptionTier: 'ultimate',
      subscriptionExpiry: null,
    });
    const created = (
      await api(t.app, {
        method: 'POST',
        url: '/api/api-keys',
        cookie: owner.cookie,
        payload: { name: 'CI', scopes: ['models:read'], expiresInDays: 7 },
      })
    ).json<CreatedApiKey>();
    const bearer = { authorization: `Bearer ${created.key}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/models', headers: bearer })).statusCode,
    ).toBe(200);

    const listed = await asAdmin(
      'GET',
      `/api/admin/api-keys?q=${owner.user.username}&status=active`,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.key.slice(9));
    const page = listed.json<AdminApiKeyPage>();
    expect(page.items).toEqual([
      expect.objectContaining({
        id: created.id,
        userId: owner.user.id,
        username: owner.user.username,
        prefix: created.prefix,
      }),
    ]);

    const revoked = await asAdmin('POST', `/api/admin/api-keys/${created.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/models', headers: bearer })).statusCode,
    ).toBe(401);
    // Again: nothing changes, nothing more is recorded.
    expect((await asAdmin('POST', `/api/admin/api-keys/${created.id}/revoke`)).statusCode).toBe(
      200,
    );
    const audits = await t.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, 'api_key.revoke'),
          eq(adminAuditLog.targetId, String(created.id)),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain(created.key.slice(9));
    expect(
      (
        await asAdmin('GET', `/api/admin/api-keys?q=${owner.user.username}&status=revoked`)
      ).json<AdminApiKeyPage>().items,
    ).toHaveLength(1);
    expect((await asAdmin('POST', '/api/admin/api-keys/999999/revoke')).statusCode).toBe(404);
  });
});
