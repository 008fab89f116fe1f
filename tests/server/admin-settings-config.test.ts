import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import { REGISTRATION_CLOSED } from '#shared/auth/registration.ts';
import { sendChat } from '#tests/support/chat-helpers.ts';
import { nextIp, uniqueUsername } from '#tests/support/auth-helpers.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import type { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { startAppWithFakeAi, stopAppWithFakeAi } from '#tests/support/fake-ai/fake-ai-app.ts';
import { api, type TestContext } from '#tests/support/test-app.ts';

/**
 * The settings an administrator changes (issue 12 "settings"; issue 11 item 3 for crypto):
 * default model, registration, the public app config, wallets and rates, export and import.
 */
let t: TestContext;
let fake: FakeAi;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  ({ t, fake } = await startAppWithFakeAi());
  admin = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(() => stopAppWithFakeAi({ t, fake }));

const patch = (payload: object) =>
  api(t.app, { method: 'PATCH', url: '/api/admin/settings', cookie: admin.cookie, payload });
const BTC_WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('default model', () => {
  it('must be an enabled model of the catalogue', async () => {
    const response = await patch({ defaultModel: 'no-such-model' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual({
      defaultModel: ["No enabled model with the id 'no-such-model'"],
    });
  });

  it('answers users who have not chosen a model; a chosen one is kept', async () => {
    const added = await api(t.app, {
      method: 'PUT',
      url: '/api/admin/models/house-model',
      cookie: admin.cookie,
      payload: {
        displayName: 'House model',
        provider: 'openai-compatible',
        upstreamModel: 'llama3.1:8b',
        minTier: 'free',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await patch({ defaultModel: 'house-model' })).statusCode).toBe(200);
    try {
      const fresh = await createSignedInUser(t.db);
      const settings = await api(t.app, {
        method: 'GET',
        url: '/api/settings/me',
        cookie: fresh.cookie,
      });
      expect(settings.json().aiModel).toBe('house-model');
      expect((await sendChat(t.app, fresh.cookie, { message: 'Hi [house]' })).statusCode).toBe(200);
      expect(fake.requestWith('[house]')?.body.model).toBe('llama3.1:8b');

      const chooser = await createSignedInUser(t.db);
      const chosen = await api(t.app, {
        method: 'PATCH',
        url: `/api/settings/${chooser.user.id}`,
        cookie: chooser.cookie,
        payload: { aiModel: 'gpt-4o' },
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      await sendChat(t.app, chooser.cookie, { message: 'Hi [chosen]' });
      expect(fake.requestWith('[chosen]')?.body.model).toBe('gpt-4o');
    } finally {
      await patch({ defaultModel: null });
    }
    const back = await createSignedInUser(t.db);
    await sendChat(t.app, back.cookie, { message: 'Hi [builtin]' });
    expect(fake.requestWith('[builtin]')?.body.model).toBe('gpt-4o');
  });
});

describe('registration closed', () => {
  const register = () =>
    api(t.app, {
      method: 'POST',
      url: '/api/register',
      headers: { 'x-forwarded-for': nextIp() },
      payload: { username: uniqueUsername('closed'), password: 'long enough password' },
    });

  it('refuses POST /api/register with 403 and says so in the public app config', async () => {
    const open = await api(t.app, { method: 'GET', url: '/api/app-config' });
    expect(open.json()).toEqual({ registrationOpen: true, maintenanceMode: false });
    expect(open.headers['cache-control']).toMatch(/max-age=\d+/);

    await patch({ registrationOpen: false });
    try {
      const refused = await register();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'PERMISSION_ERROR',
        message: REGISTRATION_CLOSED,
      });
      const config = await api(t.app, { method: 'GET', url: '/api/app-config' });
      expect(config.json().registrationOpen).toBe(false);
    } finally {
      await patch({ registrationOpen: true });
    }
    expect((await register()).statusCode).toBe(201);
  });

  it('the app config stays readable to guests during maintenance', async () => {
    await patch({ maintenanceMode: true });
    try {
      const config = await api(t.app, { method: 'GET', url: '/api/app-config' });
      expect(config.statusCode).toBe(200);
      expect(config.json().maintenanceMode).toBe(true);
    } finally {
      await patch({ maintenanceMode: false });
    }
  });
});

describe('crypto wallets and rates', () => {
  const buy = async () => {
    const { cookie } = await createSignedInUser(t.db);
    return api(t.app, {
      method: 'POST',
      url: '/api/crypto-payments',
      cookie,
      payload: { plan: 'premium', durationMonths: 6, coin: 'BTC' },
    });
  };

  it('refuses addresses that fail their checksum, naming the field', async () => {
    const response = await patch({
      cryptoBtcAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx',
      cryptoEthAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd',
      cryptoRateBtcEur: '-1',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().details)).toEqual(['cryptoRateBtcEur']);
    const checksums = await patch({
      cryptoBtcAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx',
      cryptoEthAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd',
    });
    expect(checksums.statusCode).toBe(400);
    expect(Object.keys(checksums.json().details).sort()).toEqual([
      'cryptoBtcAddress',
      'cryptoEthAddress',
    ]);
  });

  it('run in test mode without wallets; with admin wallets and no rate, 503; with admin rates, our wallet at that rate', async () => {
    const testMode = await buy();
    expect(testMode.json()).toMatchObject({ testMode: true });

    await patch({ cryptoBtcAddress: BTC_WALLET, cryptoEthAddress: ETH_WALLET });
    try {
      const noRate = await buy();
      expect(noRate.statusCode).toBe(503);
      expect(noRate.json().message).toBe('Payment error');

      await patch({ cryptoRateBtcEur: '58000.50', cryptoRateEthEur: '2900' });
      const paid = await buy();
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json()).toMatchObject({
        testMode: false,
        walletAddress: BTC_WALLET,
        rateEur: '58000.5',
        amountCents: 7015,
      });
      // 70.15 EUR at 58000.50 EUR/BTC ≈ 0.00120947 BTC; the last three digits are the code.
      expect(paid.json().cryptoAmount).toMatch(/^0\.00120\d{3}$/);
    } finally {
      await patch({
        cryptoBtcAddress: null,
        cryptoEthAddress: null,
        cryptoRateBtcEur: null,
        cryptoRateEthEur: null,
      });
    }
    expect((await buy()).json().testMode).toBe(true);
  });
});

describe('export and import', () => {
  it('exports every setting as a file an import takes back, audited as settings.import', async () => {
    const exported = await api(t.app, {
      method: 'GET',
      url: '/api/admin/settings/export',
      cookie: admin.cookie,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(
      /attachment; filename="orbit-settings-/,
    );
    const file = exported.json();
    expect(file).toMatchObject({ format: 'orbit-chat-settings', version: 1 });
    expect(Object.keys(file.settings)).toContain('registrationOpen');

    file.settings.adminConversationAccess = false;
    file.settings.cryptoRateEthEur = '3100.25';
    const imported = await api(t.app, {
      method: 'POST',
      url: '/api/admin/settings/import',
      cookie: admin.cookie,
      payload: file,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      adminConversationAccess: false,
      cryptoRateEthEur: '3100.25',
    });
    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'settings.import'))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    expect(audit?.after).toMatchObject({ adminConversationAccess: false });
    await patch({ adminConversationAccess: true, cryptoRateEthEur: null });
  });

  it('refuses unknown keys by name and invalid values, changing nothing', async () => {
    const before = (
      await api(t.app, { method: 'GET', url: '/api/admin/settings', cookie: admin.cookie })
    ).json();
    const post = (settings: object) =>
      api(t.app, {
        method: 'POST',
        url: '/api/admin/settings/import',
        cookie: admin.cookie,
        payload: { format: 'orbit-chat-settings', version: 1, settings },
      });
    const unknown = await post({ registrationOpen: false, colour: 'red', betaFlag: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown settings: colour, betaFlag');
    const bad = await post({ registrationOpen: 'no', defaultModel: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details)).toEqual(['registrationOpen']);
    const badModel = await post({ registrationOpen: false, defaultModel: 'nope' });
    expect(badModel.statusCode).toBe(400);
    const after = (
      await api(t.app, { method: 'GET', url: '/api/admin/settings', cookie: admin.cookie })
    ).json();
    expect(after).toEqual(before);
  });
});
