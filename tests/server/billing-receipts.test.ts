import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '#server/db/schema/settings.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Numbered, printable receipts for every payment (issue 11 item 5, decision 110). */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({
    RECEIPT_SELLER_NAME: 'Orbit GmbH',
    RECEIPT_SELLER_ADDRESS: 'Hauptstraße 1\\n10115 Berlin',
    RECEIPT_VAT_ID: 'DE123456789',
  });
  admin = (await createSignedInUser(t.db, { isAdmin: true })).cookie;
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: object = {}) =>
  api(t.app, { method: 'POST', url, cookie, payload });
const receipt = (cookie: string, id: number, headers: Record<string, string> = {}) =>
  api(t.app, { method: 'GET', url: `/api/payments/${id}/receipt`, cookie, headers });

interface PaymentView {
  id: number;
  receiptNumber: string | null;
  receiptLink: string | null;
  status: string;
  amountCents: number;
}
async function paymentsOf(cookie: string): Promise<PaymentView[]> {
  const response = await api(t.app, { method: 'GET', url: '/api/payments', cookie });
  expect(response.statusCode).toBe(200);
  return response.json<{ payments: PaymentView[] }>().payments;
}

async function buy(cookie: string, plan: string, outcome = 'succeed') {
  const checkout = await post(cookie, '/api/subscription/checkout', { plan, interval: 'month' });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { checkoutId } = checkout.json<{ checkoutId: string }>();
  const done = await post(cookie, `/api/payments/sandbox/${checkoutId}/complete`, { outcome });
  expect(done.statusCode, done.body).toBe(200);
}

/** ORB-2026-000042 → [2026, 42] */
const parts = (number: string) => {
  const match = /^ORB-(\d{4})-(\d{6,})$/.exec(number);
  expect(match, number).not.toBeNull();
  return [Number(match![1]), Number(match![2])] as const;
};
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('receipt numbers', () => {
  it('are given to paid payments only, unique and increasing in order of payment', async () => {
    const a = await createSignedInUser(t.db);
    const b = await createSignedInUser(t.db);
    await buy(a.cookie, 'premium');
    await buy(b.cookie, 'premium', 'decline');
    await buy(b.cookie, 'expert');
    await buy(a.cookie, 'ultimate');
    const ofA = (await paymentsOf(a.cookie)).reverse();
    const ofB = (await paymentsOf(b.cookie)).reverse();
    expect(ofA.map((p) => p.status)).toEqual(['paid', 'paid']);
    // A declined sandbox payment is never recorded as paid, so it takes no number.
    for (const payment of [...ofA, ...ofB]) {
      expect(payment.receiptNumber === null).toBe(payment.status !== 'paid');
      expect(payment.receiptLink).toBe(
        payment.receiptNumber ? `/api/payments/${payment.id}/receipt` : null,
      );
    }
    const inOrder = [ofA[0]!, ofB.find((p) => p.status === 'paid')!, ofA[1]!].map((p) =>
      parts(p.receiptNumber!),
    );
    expect(inOrder.map(([year]) => year)).toEqual(Array(3).fill(new Date().getUTCFullYear()));
    const numbers = inOrder.map(([, n]) => n);
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[1]! + 1);
  });

  it('stay unique when many payments are written at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createSignedInUser(t.db)));
    await Promise.all(buyers.map((buyer) => buy(buyer.cookie, 'premium')));
    const numbers = (await Promise.all(buyers.map((buyer) => paymentsOf(buyer.cookie)))).map(
      (list) => parts(list[0]!.receiptNumber!)[1],
    );
    expect(new Set(numbers).size).toBe(6);
    const sorted = [...numbers].sort((x, y) => x - y);
    expect(sorted.at(-1)! - sorted[0]!).toBe(5);
  });
});

describe('GET /api/payments/{id}/receipt', () => {
  it('is a printable HTML receipt without scripts, in the user’s language', async () => {
    const { user, cookie } = await createSignedInUser(t.db, { email: 'kim@example.com' });
    await buy(cookie, 'ultimate');
    const [payment] = await paymentsOf(cookie);
    const response = await receipt(cookie, payment!.id, { 'accept-language': 'fr, en;q=0.8' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe');
    const html = response.body;
    expect(html).not.toMatch(/<script|javascript:|\son\w+=/i);
    expect(html).toContain('@media print');
    expect(html).toContain('<html lang="en">');
    const body = text(html);
    expect(body).toContain(`Receipt number ${payment!.receiptNumber}`);
    expect(body).toContain('Orbit GmbH');
    expect(html).toContain('Hauptstraße 1\n10115 Berlin');
    expect(body).toContain('VAT ID: DE123456789');
    expect(body).toContain(user.username);
    expect(body).toContain('kim@example.com');
    expect(body).toContain('Plan Ultimate');
    expect(body).toContain('Term monthly');
    expect(body).toContain('Payment method Test mode');
    expect(body).toContain('TEST MODE');
    expect(body).toContain('Status Paid');
    expect(body).toContain('Amount €99.00');
    // 9900 × 19 / 119 = 1580.67 → 1581 cents.
    expect(body).toContain('The amount includes 19% VAT: €15.81');
  });

  it('follows the stored language over the browser’s, German by default', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await buy(cookie, 'premium');
    const [payment] = await paymentsOf(cookie);
    const german = text((await receipt(cookie, payment!.id)).body);
    expect(german).toContain('Quittung');
    expect(german).toMatch(/Betrag 12,99\s€/);
    // 1299 × 19 / 119 = 207.4 → 207 cents.
    expect(german).toMatch(/19 % USt\. enthalten: 2,07\s€/);
    await t.db.insert(settings).values({ userId: user.id, language: 'ko' });
    const korean = await receipt(cookie, payment!.id, { 'accept-language': 'en' });
    expect(korean.body).toContain('<html lang="ko">');
    expect(text(korean.body)).toContain('영수증 번호');
    await t.db.delete(settings).where(eq(settings.userId, user.id));
  });

  it('escapes every user-controlled field', async () => {
    const evil = `<img src=x onerror=alert(1)>&"'`;
    const { cookie } = await createSignedInUser(t.db, {
      username: `u${Date.now()}${evil}`,
      displayName: `<script>alert(2)</script>`,
      email: `"><svg onload=alert(3)>@example.com`,
    });
    await buy(cookie, 'premium');
    const [payment] = await paymentsOf(cookie);
    const html = (await receipt(cookie, payment!.id)).body;
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<svg');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39;');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('is only for the payment’s owner: anyone else gets 404, a guest 401', async () => {
    const owner = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    await buy(owner.cookie, 'premium');
    const [payment] = await paymentsOf(owner.cookie);
    expect((await receipt(other.cookie, payment!.id)).statusCode).toBe(404);
    expect((await receipt(admin, payment!.id)).statusCode).toBe(404);
    expect((await receipt('', payment!.id)).statusCode).toBe(401);
    expect((await receipt(owner.cookie, 99_999_999)).statusCode).toBe(404);
    expect((await receipt(owner.cookie, 'abc' as unknown as number)).statusCode).toBe(400);
  });

  it('numbers a verified crypto payment and names its months', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const created = await post(cookie, '/api/crypto-payments', {
      plan: 'expert',
      durationMonths: 12,
      coin: 'BTC',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const report = await post(cookie, `/api/crypto-payments/${id}/paid`, {
      txHash: 'b'.repeat(64),
      senderWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(report.statusCode, report.body).toBe(200);
    expect((await paymentsOf(cookie))[0]?.receiptNumber ?? null).toBeNull();
    expect((await post(admin, `/api/admin/crypto-payments/${id}/verify`)).statusCode).toBe(200);
    const [payment] = await paymentsOf(cookie);
    parts(payment!.receiptNumber!);
    const body = text((await receipt(cookie, payment!.id, { 'accept-language': 'en' })).body);
    expect(body).toContain('Term 12 months');
    expect(body).toContain('Payment method Cryptocurrency');
    expect(body).toContain('Amount €287.90');
    expect(body).not.toContain('TEST MODE');
  });

  it('says a refunded payment was refunded, keeping its number', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await buy(cookie, 'expert');
    const [before] = await paymentsOf(cookie);
    const refund = await post(admin, `/api/admin/sandbox/subscriptions/${user.id}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    const [after] = await paymentsOf(cookie);
    expect(after).toMatchObject({ status: 'refunded', receiptNumber: before!.receiptNumber });
    const body = text((await receipt(cookie, after!.id, { 'accept-language': 'en' })).body);
    expect(body).toMatch(/Status Refunded on \w+ \d+, \d{4}|Status Refunded on \d+ \w+ \d{4}/);
    expect(body).toContain(`Receipt number ${before!.receiptNumber}`);
  });
});
