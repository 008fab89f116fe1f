import { randomBytes } from 'node:crypto';
import { request, type Page } from '@playwright/test';
import { LANGUAGES } from '#shared/settings/settings-options.ts';
import { registerInGerman } from './support/accounts.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** A checksummed sender (mixed case, EIP-55) and a fresh transaction hash per run. */
const ETH_SENDER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC_SENDER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** An administrator's own session, apart from the buyer's browser (the admin queue is another screen). */
async function adminApi() {
  const api = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: XHR });
  const login = await api.post('/api/login', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
  return api;
}

/** From a plan's crypto link on /pricing to the payment page of that plan and term. */
async function openFromPricing(page: Page, plan: string, months: 6 | 12) {
  await page.goto('/pricing');
  await page
    .getByTestId(`plan-${plan.toLowerCase()}`)
    .getByRole('link', { name: new RegExp(`^${plan}: ${months} Monate mit Krypto`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/crypto-payment/${plan.toLowerCase()}/${months}$`));
}

/** 'Ich habe bezahlt' with transaction and sender; the waiting page follows. */
async function report(page: Page, txHash: string, sender: string) {
  await expect(page).toHaveURL(/\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await page.getByLabel('Transaktions-Hash').fill(txHash);
  await page.getByLabel('Deine sendende Wallet-Adresse').fill(sender);
  await page.getByRole('button', { name: 'Ich habe bezahlt' }).click();
  await expect(page).toHaveURL(new RegExp(`/crypto-payment-pending\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: 'Zahlung wird geprüft' })).toBeVisible();
  await expect(page.getByText(/innerhalb von 1–2 Werktagen/)).toBeVisible();
  return id;
}

test('a user pays Expert for 6 months with Ethereum, an administrator verifies, Expert is active', async ({
  page,
}) => {
  await registerInGerman(page);
  await openFromPricing(page, 'Expert', 6);
  await expect(page.getByTestId('crypto-total')).toHaveText('161,95 €');
  await expect(page.getByTestId('crypto-months')).toHaveText('6 Monate');
  await expect(page.getByRole('list', { name: 'Enthalten' })).toContainText('API-Zugang');
  await page.getByRole('button', { name: 'Ethereum (ETH)' }).click();
  await expect(page.getByTestId('crypto-test-mode')).toContainText('TESTMODUS');
  await expect(page.getByTestId('crypto-address')).toHaveText('TEST-MODE-ETH-ADDRESS-DO-NOT-SEND');
  await expect(page.getByRole('img', { name: 'QR-Code mit Adresse und Betrag' })).toBeVisible();
  // Test rate 2 500 €/ETH: 161,95 € = 0.06478 ETH (rounded down to a thousand gwei), its last
  // three digits the verification code.
  const code = (await page.getByTestId('crypto-code').textContent()) ?? '';
  await expect(page.getByTestId('crypto-amount')).toHaveText(
    new RegExp(`^0\\.0647(79|80)${code} ETH$`),
  );
  await expect(page.getByTestId('crypto-expiry')).toHaveText(
    /^Dieser Betrag gilt noch (30:00|29:\d\d)\.$/,
  );

  const id = await report(page, `0x${hex(32)}`, ETH_SENDER);

  const admin = await adminApi();
  const queue = await admin.get('/api/admin/crypto-payments?status=pending');
  expect(((await queue.json()) as { items: { id: number }[] }).items.map((p) => p.id)).toContain(
    id,
  );
  const verify = await admin.post(`/api/admin/crypto-payments/${id}/verify`);
  expect(verify.status()).toBe(200);
  await admin.dispose();

  // The waiting page polls: 'activated', then home after a few seconds.
  await expect(page.getByRole('heading', { name: 'Abo aktiviert' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/^Expert ist jetzt aktiv\./)).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('Expert', { exact: true })).toBeVisible();
  await expect(sidebar.getByText(/^bis \d\d\.\d\d\.\d{4}$/)).toBeVisible();
});

test("a rejected crypto payment shows the administrator's notes", async ({ page }) => {
  await registerInGerman(page);
  await openFromPricing(page, 'Premium', 12);
  await expect(page.getByTestId('crypto-total')).toHaveText('124,70 €');
  await page.getByRole('button', { name: 'Bitcoin (BTC)' }).click();
  const id = await report(page, hex(32), BTC_SENDER);
  const admin = await adminApi();
  const reject = await admin.post(`/api/admin/crypto-payments/${id}/reject`, {
    data: { notes: 'Keine passende Überweisung gefunden' },
  });
  expect(reject.status()).toBe(200);
  await admin.dispose();

  await expect(page.getByRole('heading', { name: 'Zahlung abgelehnt' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('crypto-notes')).toHaveText('Keine passende Überweisung gefunden');
  await expect(
    page.getByTestId('sidebar').getByText('Kostenlose Version', { exact: true }),
  ).toBeVisible();
});

test('a guest sees the crypto order with the plan features translated in every language', async ({
  page,
}) => {
  for (const language of LANGUAGES) {
    await page.goto(`/crypto-payment/ultimate/12?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('crypto-total')).toContainText(/950[,.]40/);
    // Ultimate's eight feature keys from GET /api/plans.
    await expect(page.locator('[aria-labelledby="crypto-summary"] li')).toHaveCount(8);
    const body = await page.locator('body').innerText();
    expect(body, language).not.toMatch(/plans\.features\.|summary\.|page\.|\{\{\w+\}\}/);
  }
});
