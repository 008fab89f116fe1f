import { randomBytes } from 'node:crypto';
import { request } from '@playwright/test';
import { loginByApi, PASSWORD, uniqueUsername } from './support/accounts.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const BTC_SENDER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** A buyer (own API session) who orders Premium for 6 months in Bitcoin and reports the payment. */
async function buyerWithReportedPayment() {
  const buyer = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: XHR });
  const username = uniqueUsername('buyer');
  const registered = await buyer.post('/api/register', { data: { username, password: PASSWORD } });
  expect(registered.status()).toBe(201);
  const created = await buyer.post('/api/crypto-payments', {
    data: { plan: 'premium', durationMonths: 6, coin: 'BTC' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const txHash = randomBytes(32).toString('hex');
  const reported = await buyer.post(`/api/crypto-payments/${id}/paid`, {
    data: { txHash, senderWalletAddress: BTC_SENDER },
  });
  expect(reported.status()).toBe(200);
  return { buyer, username, txHash };
}

test('an administrator verifies a reported crypto payment on /admin/subscriptions, the plan is active', async ({
  page,
}) => {
  const { buyer, username, txHash } = await buyerWithReportedPayment();

  await loginByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/subscriptions');
  const queue = page.getByRole('table', { name: 'Zu prüfende Krypto-Zahlungen' });
  const row = queue.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Premium, 6 Monate');
  await expect(row.getByRole('link', { name: txHash })).toHaveAttribute(
    'href',
    `https://mempool.space/tx/${txHash}`,
  );
  await expect(row).toContainText(BTC_SENDER);

  await row
    .getByRole('button', { name: new RegExp(`^Zahlung von ${username}, .* bestätigen$`) })
    .click();
  await expect(
    page.getByText(`Zahlung bestätigt: Der Tarif von ${username} ist aktiv.`).first(),
  ).toBeVisible();
  await expect(queue.getByText(username)).toHaveCount(0);

  // The lists below follow: an active crypto subscription and its payment.
  const subscriptions = page.getByRole('table', { name: 'Alle Abonnements' });
  const contract = subscriptions.getByRole('row').filter({ hasText: username });
  await expect(contract).toContainText('Premium');
  await expect(contract).toContainText('Aktiv');
  await expect(contract).toContainText('Krypto, vorausbezahlt');

  const subscription = await buyer.get('/api/subscription');
  expect(await subscription.json()).toMatchObject({
    plan: 'premium',
    status: 'active',
    paymentMethod: 'crypto',
    tier: 'premium',
  });
  await buyer.dispose();
});
