import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { TEST_DB } from '#tests/support/test-database.ts';
import { until } from '#tests/support/until.ts';

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

describe('a payment of an erased account (decision 330)', () => {
  it('is refused at verification: no plan, no contract, and it stays pending to be refunded and rejected', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const payment = await reported(cookie, 'expert', 6);
    const erased = await api(t.app, {
      method: 'DELETE',
      url: `/api/admin/users/${user.id}`,
      cookie: adminA.cookie,
    });
    expect(erased.statusCode, erased.body).toBe(204);

    const verify = await post(adminB.cookie, `/api/admin/crypto-payments/${payment.id}/verify`);
    expect(verify.statusCode).toBe(409);
    expect(verify.json()).toEqual({
      code: 'CONFLICT',
      statusCode: 409,
      message: 'Account deleted: refund the payment to its sender',
    });
    // Nothing granted to the erased account, nothing recorded as paid.
    const detail = (await get(adminA.cookie, `/api/admin/users/${user.id}`)).json();
    expect(detail.user).toMatchObject({ status: 'deleted', effectiveTier: 'free' });
    expect(detail.subscription).toBeNull();
    expect(detail.payments).toEqual([]);
    // Still waiting in the queue, under the anonymised name, for the refund and its note.
    const queue = (await get(adminA.cookie, '/api/admin/crypto-payments?status=pending&limit=100'))
      .json()
      .items.find((item: { id: number }) => item.id === payment.id);
    expect(queue).toMatchObject({ status: 'pending', username: `deleted-user-${user.id}` });
    const rejected = await post(adminB.cookie, `/api/admin/crypto-payments/${payment.id}/reject`, {
      notes: 'Account deleted: the coins were sent back',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
  });

  // PGlite has one connection, so the verification's transaction and the erasure's never overlap.
  it.runIf(TEST_DB === 'postgres')(
    'verified while the erasure commits: it waits for the erasure, then refuses',
    async () => {
      const { user, cookie } = await createSignedInUser(t.db);
      const payment = await reported(cookie, 'expert', 6);
      // Holds the erasure at its last write, the audit row: the account's row is then locked and
      // erased, and nothing committed (decision 315's technique).
      const holder = new pg.Client({ connectionString: t.database.url });
      const watcher = new pg.Client({ connectionString: t.database.url });
      await Promise.all([holder.connect(), watcher.connect()]);
      const waitingOn = (table: string) =>
        until(
          async () =>
            (
              await watcher.query<{ n: number }>(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'
                   and query ilike $1`,
                [`%"${table}"%`],
              )
            ).rows[0]!.n,
          (n) => n > 0,
          { attempts: 400, everyMs: 25 },
        );
      try {
        await holder.query('begin');
        await holder.query('lock table admin_audit_log in share mode');
        const erasing = api(t.app, {
          method: 'DELETE',
          url: `/api/admin/users/${user.id}`,
          cookie: adminA.cookie,
        });
        await waitingOn('admin_audit_log');
        const verifying = post(adminB.cookie, `/api/admin/crypto-payments/${payment.id}/verify`);
        // The verification has moved the payment on and waits for the account's row.
        await waitingOn('users');
        await holder.query('commit');
        expect((await erasing).statusCode).toBe(204);
        const verify = await verifying;
        expect(verify.statusCode).toBe(409);
        expect(verify.json().message).toBe('Account deleted: refund the payment to its sender');
        const detail = (await get(adminA.cookie, `/api/admin/users/${user.id}`)).json();
        expect(detail.user).toMatchObject({ status: 'deleted', effectiveTier: 'free' });
        expect(detail.subscription).toBeNull();
        expect(detail.payments).toEqual([]);
      } finally {
        await Promise.all([holder.end(), watcher.end()]);
      }
    },
  );
});

describe('beside a card subscription (decision 312)', () => {
  /** A card (sandbox) subscription bought and paid on the TEST MODE page. */
  async function buyCard(cookie: string, plan: string) {
    const checkout = await post(cookie, '/api/subscription/checkout', { plan, interval: 'month' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const done = await post(
      cookie,
      `/api/payments/sandbox/${checkout.json().checkoutId}/complete`,
      { outcome: 'succeed' },
    );
    expect(done.statusCode, done.body).toBe(200);
  }

  it('a prepaid crypto term refuses a card plan over it, which would lose the paid rest of the term', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const payment = await reported(cookie, 'premium', 6);
    const verified = await post(adminA.cookie, `/api/admin/crypto-payments/${payment.id}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    const before = (await get(cookie, '/api/subscription')).json();

    const checkout = await post(cookie, '/api/subscription/checkout', {
      plan: 'expert',
      interval: 'month',
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Prepaid term still running',
      details: { currentPeriodEnd: before.expiresAt },
    });
    expect((await get(cookie, '/api/subscription')).json()).toEqual(before);
  });

  it('a running card plan refuses a crypto term at checkout and at verification, until the card has ended', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    // Reported while still on free, then the card plan is bought before an administrator looks.
    const waiting = await reported(cookie, 'expert', 6);
    await buyCard(cookie, 'premium');

    const checkout = await post(cookie, '/api/crypto-payments', {
      plan: 'expert',
      durationMonths: 6,
      coin: 'BTC',
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Card subscription still running',
    });

    const verify = () => post(adminA.cookie, `/api/admin/crypto-payments/${waiting.id}/verify`);
    const refused = await verify();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Card subscription still running');
    expect((await get(cookie, `/api/crypto-payments/${waiting.id}`)).json().status).toBe('pending');
    // The card plan is untouched: still the user's to cancel, and the only payment.
    expect((await get(cookie, '/api/subscription')).json()).toMatchObject({
      plan: 'premium',
      tier: 'premium',
      paymentMethod: 'sandbox',
    });
    expect((await get(cookie, '/api/payments')).json().payments).toEqual([
      expect.objectContaining({ method: 'sandbox', plan: 'premium' }),
    ]);
    const cancelled = await post(cookie, '/api/subscription/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true });

    // Cancelled but still paid for: the card's provider may still write this contract.
    expect((await verify()).statusCode).toBe(409);

    const ended = await post(
      adminA.cookie,
      `/api/admin/sandbox/subscriptions/${user.id}/period-end`,
    );
    expect(ended.json()).toMatchObject({ status: 'canceled', tier: 'free' });
    const verified = await verify();
    expect(verified.statusCode, verified.body).toBe(200);
    const subscription = (await get(cookie, '/api/subscription')).json();
    expect(subscription).toMatchObject({ plan: 'expert', tier: 'expert', paymentMethod: 'crypto' });
    const months = (new Date(subscription.expiresAt).getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(Math.round(months)).toBe(6);
    const methods = (await get(cookie, '/api/payments'))
      .json()
      .payments.map((p: { method: string; status: string }) => `${p.method} ${p.status}`);
    expect(methods.sort()).toEqual(['crypto paid', 'sandbox paid']);
  });

  it('two payments of one user verified at once grant both terms, back to back', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const first = await reported(cookie, 'premium', 6);
    const second = await reported(cookie, 'premium', 6);
    const before = Date.now();
    const answers = await Promise.all([
      post(adminA.cookie, `/api/admin/crypto-payments/${first.id}/verify`),
      post(adminB.cookie, `/api/admin/crypto-payments/${second.id}/verify`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);

    type Term = { periodStart: string; periodEnd: string };
    const terms: Term[] = (await get(cookie, '/api/payments')).json().payments;
    terms.sort((a, b) => a.periodStart.localeCompare(b.periodStart));
    expect(terms).toHaveLength(2);
    const [earlier, later] = terms as [Term, Term];
    expect(new Date(earlier.periodStart).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(later.periodStart).toBe(earlier.periodEnd);
    const twelveMonths = new Date(earlier.periodStart);
    twelveMonths.setUTCMonth(twelveMonths.getUTCMonth() + 12);
    expect(later.periodEnd).toBe(twelveMonths.toISOString());
    expect((await get(cookie, '/api/subscription')).json()).toMatchObject({
      plan: 'premium',
      tier: 'premium',
      expiresAt: later.periodEnd,
    });
  });
});
