import type { Page } from '@playwright/test';
import { registerInGerman, uniqueUsername, PASSWORD } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

/** Pays on the TEST MODE page the plan button led to, then lands on /subscription. */
async function payInSandbox(page: Page, plan: 'premium' | 'ultimate') {
  await expect(page).toHaveURL(new RegExp(`/payment/${plan}\\?checkout=`));
  await page.getByRole('checkbox', { name: /14-tägiges Widerrufsrecht/ }).check();
  await page.getByRole('button', { name: 'Zahlung gelingt' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
}

test('buy Premium, upgrade to Ultimate, read the receipts on the profile, cancel', async ({
  page,
  context,
}) => {
  await registerInGerman(page);
  await page.goto('/pricing');
  await page.getByTestId('plan-premium').getByRole('button', { name: 'Premium wählen' }).click();
  await payInSandbox(page, 'premium');

  // The user card: the plan and how long it runs.
  const card = page.getByTestId('sidebar').getByTestId('user-card-profile');
  await expect(card.getByTestId('user-tier')).toHaveText('Premium');
  await expect(card.getByTestId('user-tier-until')).toHaveText(/^bis \d\d\.\d\d\.\d{4}$/);

  await page.getByRole('link', { name: 'Upgrade' }).click();
  await page.getByTestId('plan-ultimate').getByRole('button', { name: 'Ultimate wählen' }).click();
  await payInSandbox(page, 'ultimate');
  await expect(page.getByTestId('current-plan')).toContainText(/^Ultimate \(bis/);
  await expect(card.getByTestId('user-tier')).toHaveText('Ultimate');

  // The profile, from the user card: account, contract and both payments with receipts.
  await card.click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.getByTestId('current-plan')).toContainText('Ultimate');
  const history = page.getByRole('region', { name: 'Zahlungsverlauf' });
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Ultimate');
  const premiumRow = rows.nth(2);
  await expect(premiumRow).toContainText(/12,99\s€/);
  await expect(premiumRow).toContainText('Premium');
  await expect(premiumRow).toContainText('Monatlich');
  await expect(premiumRow).toContainText('Bezahlt');
  const link = premiumRow.getByRole('link', { name: /^Beleg ORB-\d{4}-\d{6} öffnen$/ });
  const number = (await link.textContent())!;
  const newer = (await rows.nth(1).getByRole('link').textContent())!;
  expect(Number(newer.slice(-6))).toBeGreaterThan(Number(number.slice(-6)));

  const [receipt] = await Promise.all([context.waitForEvent('page'), link.click()]);
  const problems: string[] = [];
  receipt.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await receipt.waitForLoadState();
  await expect(receipt.getByRole('heading', { level: 1 })).toHaveText('Quittung');
  await expect(receipt.locator('[data-field="receipt-number"]')).toHaveText(number);
  await expect(receipt.locator('[data-field="amount"]')).toHaveText(/^12,99\s€$/);
  await expect(receipt.getByText('TESTMODUS – keine echte Zahlung')).toBeVisible();
  await expect(receipt.getByText(/19 % USt\. enthalten: 2,07\s€/)).toBeVisible();
  // The stylesheet is allowed by its hash: no CSP violation, and it applies.
  const titleSize = await receipt
    .getByRole('heading', { level: 1 })
    .evaluate((element) => getComputedStyle(element).fontSize);
  expect(titleSize).toBe('28px');
  expect(problems).toEqual([]);
  await receipt.close();

  // Cancelling keeps the plan to the end of the paid period.
  await page.getByRole('link', { name: 'Abo verwalten' }).click();
  await page.getByRole('button', { name: 'Verträge hier kündigen' }).click();
  await expect(page.getByTestId('period-end')).toContainText(
    /^Gekündigt: endet am \d\d\.\d\d\.\d{4}$/,
  );
  await page.goto('/profile');
  await expect(page.getByTestId('period-end')).toContainText('Gekündigt: endet am');
});

test('a friend registers through the share link: +3 for the friend, counted for the referrer', async ({
  page,
  browser,
}) => {
  const referrer = await registerInGerman(page);
  await page.goto('/referral');
  const code = (await page.getByTestId('referral-code').textContent())!;
  const shareLink = await page.getByTestId('referral-link').inputValue();
  expect(shareLink).toMatch(new RegExp(`/auth\\?ref=${code}$`));
  await expect(page.getByTestId('referred-count')).toHaveText('0');

  const friendContext = await browser.newContext({ locale: 'de-DE' });
  const friend = await friendContext.newPage();
  await friend.goto(new URL(shareLink).pathname + new URL(shareLink).search);
  await expect(friend.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
  await expect(friend.getByLabel('Empfehlungscode (optional)')).toHaveValue(code);
  const friendName = uniqueUsername('friend');
  await friend.getByLabel('Benutzername').fill(friendName);
  await friend.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await friend.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await friend.getByRole('button', { name: 'Konto erstellen' }).click();
  // The toast's text is also read out by its live region: the first match is the toast.
  await expect(
    friend.getByText('Code eingelöst: 3 zusätzliche Nachrichten.').first(),
  ).toBeVisible();
  await friend.goto('/referral');
  await expect(friend.getByTestId('monthly-allowance')).toHaveText('0 von 128');
  // A second code is refused with the spec's message.
  await friend.getByLabel('Empfehlungscode', { exact: true }).fill(code);
  await friend.getByRole('button', { name: 'Code einlösen' }).click();
  await expect(friend.getByRole('alert')).toContainText(
    'Du kannst nur einmal einen Empfehlungscode einlösen',
  );
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId('referred-count')).toHaveText('1');
  await expect(page.getByTestId('referred-friends')).toContainText(friendName);
  expect(referrer).not.toBe(friendName);
});
