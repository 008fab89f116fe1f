import { registerInGerman } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test('a new user buys Premium in the sandbox, sees it everywhere, then cancels', async ({
  page,
}) => {
  await registerInGerman(page);
  await page.goto('/pricing');
  const premium = page.getByTestId('plan-premium');
  await expect(premium).toContainText('12,99 €');
  await premium.getByRole('button', { name: 'Premium wählen' }).click();

  await expect(page).toHaveURL(/\/payment\/premium\?checkout=/);
  await expect(page.getByTestId('test-mode')).toContainText('TESTMODUS');
  await expect(page.getByTestId('order-total')).toHaveText('12,99 €');
  const pay = page.getByRole('button', { name: 'Zahlung gelingt' });
  await expect(pay).toBeDisabled();
  await page.getByRole('checkbox', { name: /14-tägiges Widerrufsrecht/ }).check();
  await pay.click();

  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan')).toContainText(
    /^Premium \(bis \d\d\.\d\d\.\d{4}\)$/,
  );
  await expect(page.getByTestId('subscription-status')).toHaveText('Aktiv');
  await expect(page.getByTestId('subscription-method')).toHaveText('Testzahlung');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('Premium', { exact: true })).toBeVisible();
  await expect(sidebar.getByText(/^bis \d\d\.\d\d\.\d{4}$/)).toBeVisible();
  const history = page.getByRole('region', { name: 'Zahlungsverlauf' });
  await expect(history.getByRole('row').nth(1)).toContainText('12,99 €');
  await expect(history.getByRole('row').nth(1)).toContainText('Bezahlt');

  await page.getByRole('button', { name: 'Verträge hier kündigen' }).click();
  await expect(
    page.getByText(/^Dein Vertrag ist gekündigt\. Du behältst Premium bis/),
  ).toBeVisible();
  await expect(page.getByTestId('period-end')).toContainText('Gekündigt: endet am');
  // Access stays until the end of the paid period.
  await page.reload();
  await expect(page.getByTestId('current-plan')).toContainText('Premium (bis');
  await expect(page.getByRole('button', { name: 'Abo fortsetzen' })).toBeVisible();
});
