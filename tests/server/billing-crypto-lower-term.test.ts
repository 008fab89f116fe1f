import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Crypto payments reported side by side and verified later (billing review). */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createSignedInUser(t.db, { isAdmin: true })).cookie;
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: object = {}) =>
  api(t.app, { method: 'POST', url, cookie, payload });
const get = async (cookie: string, url: string) => {
  const response = await api(t.app, { method: 'GET', url, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

let tx = 1;
async function reported(cookie: string, plan: string, durationMonths: number) {
  const created = await post(cookie, '/api/crypto-payments', { plan, durationMonths, coin: 'BTC' });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  const report = await post(cookie, `/api/crypto-payments/${id}/paid`, {
    txHash: (tx++).toString(16).padStart(64, 'd'),
    senderWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  });
  expect(report.statusCode, report.body).toBe(200);
  return id;
}

const verify = (id: number) => post(admin, `/api/admin/crypto-payments/${id}/verify`);

describe('verifying a lower plan than the one running', () => {
  it('is refused: the Ultimate term is kept, the Premium payment waits to be refunded', async () => {
    const { cookie } = await createSignedInUser(t.db);
    // All reported while the user was on free, so all passed the purchase rules then.
    const premium = await reported(cookie, 'premium', 12);
    const ultimate = await reported(cookie, 'ultimate', 6);
    const moreUltimate = await reported(cookie, 'ultimate', 6);
    expect((await verify(ultimate)).statusCode).toBe(200);
    const term = await get(cookie, '/api/subscription');
    expect(term).toMatchObject({ plan: 'ultimate', tier: 'ultimate', paymentMethod: 'crypto' });

    const lower = await verify(premium);
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toMatchObject({
      code: 'CONFLICT',
      statusCode: 409,
      message: 'Not an Upgrade',
    });
    // Nothing changed: the paid Ultimate term runs on, one payment, the other still in the queue.
    expect(await get(cookie, '/api/subscription')).toEqual(term);
    const { payments } = await get(cookie, '/api/payments');
    expect(payments.map((p: { plan: string }) => p.plan)).toEqual(['ultimate']);
    expect((await get(cookie, `/api/crypto-payments/${premium}`)).status).toBe('pending');
    const rejected = await post(admin, `/api/admin/crypto-payments/${premium}/reject`, {
      notes: 'a higher term was running: refunded',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    // A term of the same plan still extends the running one (decision 084).
    expect((await verify(moreUltimate)).statusCode).toBe(200);
    const extended = await get(cookie, '/api/subscription');
    expect(extended).toMatchObject({ plan: 'ultimate', tier: 'ultimate' });
    const sixMoreMonths = new Date(term.currentPeriodEnd);
    sixMoreMonths.setUTCMonth(sixMoreMonths.getUTCMonth() + 6);
    expect(extended.expiresAt).toBe(sixMoreMonths.toISOString());
  });
});
