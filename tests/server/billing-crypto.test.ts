import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Crypto payments in test mode (no wallets configured): report, review, activation (issue 11). */
let t: TestContext;
let adminA: { user: { id: number }; cookie: string };
let adminB: { user: { id: number }; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  adminA = await createSignedInUser(t.db, { isAdmin: true });
  adminB = await createSignedInUser(t.db, { isAdmin: true });
});
afterAll(() => t.close());

const BTC_TX = (n: number) => n.toString(16).padStart(64, 'a');
const BTC_SENDER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_SENDER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const post = (cookie: string, url: string, payload: object = {}) =>
  api(t.app, { method: 'POST', url, cookie, payload });
const get = (cookie: string, url: string) => api(t.app, { method: 'GET', url, cookie });

let txCounter = 1;
async function reported(cookie: string, plan = 'premium', durationMonths = 6) {
  const created = await post(cookie, '/api/crypto-payments', { plan, durationMonths, coin: 'BTC' });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  const report = await post(cookie, `/api/crypto-payments/${id}/paid`, {
    txHash: BTC_TX(txCounter++),
    senderWalletAddress: BTC_SENDER,
  });
  expect(report.statusCode, report.body).toBe(200);
  return report.json<{ id: number; txHash: string; status: string }>();
}

describe('buyer', () => {
  it('gets a test-mode address, the term price and an amount carrying its verification code', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const response = await post(cookie, '/api/crypto-payments', {
      plan: 'expert',
      durationMonths: 12,
      coin: 'ETH',
    });
    expect(response.statusCode).toBe(201);
    const payment = response.json();
    expect(payment).toMatchObject({
      status: 'awaiting_payment',
      amountCents: 28790,
      currency: 'EUR',
      testMode: true,
      walletAddress: expect.stringContaining('TEST-MODE'),
    });
    expect(payment.cryptoAmount).toMatch(/^\d+\.\d{9}$/);
    expect(payment.cryptoAmount.endsWith(payment.verificationCode)).toBe(true);
    const minutes = (new Date(payment.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(25);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('names the bad field of a report, and refuses a replayed transaction in any case', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    const id = (
      await post(cookie, '/api/crypto-payments', {
        plan: 'premium',
        durationMonths: 6,
        coin: 'BTC',
      })
    ).json<{ id: number }>().id;
    const badTx = await post(cookie, `/api/crypto-payments/${id}/paid`, {
      txHash: '0x1234',
      senderWalletAddress: BTC_SENDER,
    });
    expect(badTx.statusCode).toBe(400);
    expect(badTx.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { txHash: expect.any(Array) },
    });
    const badAddress = await post(cookie, `/api/crypto-payments/${id}/paid`, {
      txHash: BTC_TX(999),
      senderWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr',
    });
    expect(badAddress.json().details).toEqual({ senderWalletAddress: expect.any(Array) });

    const first = await reported(other.cookie);
    const replay = await post(cookie, `/api/crypto-payments/${id}/paid`, {
      txHash: first.txHash.toUpperCase(),
      senderWalletAddress: BTC_SENDER,
    });
    expect(replay.statusCode).toBe(409);
    expect((await get(cookie, `/api/crypto-payments/${id}`)).json().status).toBe(
      'awaiting_payment',
    );
  });

  it("another user's payment is not found", async () => {
    const owner = await createSignedInUser(t.db);
    const stranger = await createSignedInUser(t.db);
    const payment = await reported(owner.cookie);
    expect((await get(stranger.cookie, `/api/crypto-payments/${payment.id}`)).statusCode).toBe(404);
    expect(
      (
        await post(stranger.cookie, `/api/crypto-payments/${payment.id}/paid`, {
          txHash: BTC_TX(5000),
          senderWalletAddress: BTC_SENDER,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('checks Ethereum senders by EIP-55', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const id = (
      await post(cookie, '/api/crypto-payments', {
        plan: 'premium',
        durationMonths: 6,
        coin: 'ETH',
      })
    ).json<{ id: number }>().id;
    const tx = `0x${'b'.repeat(64)}`;
    const bad = await post(cookie, `/api/crypto-payments/${id}/paid`, {
      txHash: tx,
      senderWalletAddress: ETH_SENDER.replace('Aed', 'AeD'),
    });
    expect(bad.statusCode).toBe(400);
    const good = await post(cookie, `/api/crypto-payments/${id}/paid`, {
      txHash: tx,
      senderWalletAddress: ETH_SENDER,
    });
    expect(good.json()).toMatchObject({ status: 'pending' });
  });
});

describe('administrator review', () => {
  it('lists the queue a page at a time, newest first, every payment once', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const mine = [await reported(cookie), await reported(cookie), await reported(cookie)];
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/crypto-payments?status=pending&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { items: { id: number; status: string }[]; nextCursor: string | null } = (
        await get(adminA.cookie, url)
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.items.every((p) => p.status === 'pending')).toBe(true);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen).toEqual(expect.arrayContaining(mine.map((p) => p.id)));
    const forged = await get(adminA.cookie, '/api/admin/crypto-payments?cursor=forged');
    expect(forged.statusCode).toBe(400);
  });

  it('two administrators at once activate the plan exactly once', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const payment = await reported(cookie, 'premium', 6);
    const list = (await get(adminA.cookie, '/api/admin/crypto-payments?status=pending')).json();
    expect(list.items.map((p: { id: number }) => p.id)).toContain(payment.id);

    const [a, b] = await Promise.all([
      post(adminA.cookie, `/api/admin/crypto-payments/${payment.id}/verify`),
      post(adminB.cookie, `/api/admin/crypto-payments/${payment.id}/verify`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const subscription = (await get(cookie, '/api/subscription')).json();
    expect(subscription).toMatchObject({
      plan: 'premium',
      tier: 'premium',
      paymentMethod: 'crypto',
      interval: null,
    });
    const months = (new Date(subscription.expiresAt).getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(Math.round(months)).toBe(6);
    const payments = (await get(cookie, '/api/payments')).json().payments;
    expect(payments).toEqual([
      expect.objectContaining({
        method: 'crypto',
        durationMonths: 6,
        amountCents: 7015,
        status: 'paid',
      }),
    ]);
    const again = await post(cookie, '/api/subscription/checkout', {
      plan: 'premium',
      interval: 'month',
    });
    expect(again.json().message).toBe('Already Subscribed');
  });

  it('an administrator cannot verify their own payment, nor one not reported yet', async () => {
    const own = await reported(adminA.cookie);
    expect(
      (await post(adminA.cookie, `/api/admin/crypto-payments/${own.id}/verify`)).statusCode,
    ).toBe(403);
    const { cookie } = await createSignedInUser(t.db);
    const id = (
      await post(cookie, '/api/crypto-payments', {
        plan: 'premium',
        durationMonths: 6,
        coin: 'BTC',
      })
    ).json<{ id: number }>().id;
    expect((await post(adminA.cookie, `/api/admin/crypto-payments/${id}/verify`)).statusCode).toBe(
      409,
    );
    expect((await get(cookie, '/api/subscription')).json().tier).toBe('free');
  });

  it('a rejection needs notes and activates nothing', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const payment = await reported(cookie);
    const url = `/api/admin/crypto-payments/${payment.id}/reject`;
    expect((await post(adminA.cookie, url, { notes: '  ' })).statusCode).toBe(400);
    const rejected = await post(adminA.cookie, url, { notes: 'No such transaction on chain' });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      notes: 'No such transaction on chain',
    });
    expect(
      (await post(adminB.cookie, `/api/admin/crypto-payments/${payment.id}/verify`)).statusCode,
    ).toBe(409);
    expect((await get(cookie, '/api/subscription')).json().tier).toBe('free');
  });
});
