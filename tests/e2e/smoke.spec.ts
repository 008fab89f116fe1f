import { expect, test } from './support/fixtures.ts';

test('home page names the product and reaches the server', async ({ page }) => {
  const response = await page.goto('/');

  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page).toHaveTitle('Orbit Chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Orbit Chat' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Server erreichbar');
  await expect(page.getByRole('main').getByRole('link', { name: 'Anmelden' })).toHaveAttribute(
    'href',
    '/auth',
  );
});

test('an unknown client path gets the single-page app and its not-found page', async ({ page }) => {
  const response = await page.goto('/some/page');

  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orbit Chat' })).toBeVisible();
});
