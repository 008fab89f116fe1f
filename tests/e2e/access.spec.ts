import { registerInGerman } from './support/accounts.ts';
import { E2E_ADMIN } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';

test('guests see protected pages with the bottom bar leading to /auth', async ({ page }) => {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Anmeldung erforderlich' })).toBeVisible();
  const bar = page.getByRole('complementary', { name: 'Anmeldehinweis' });
  await expect(bar.getByText('Nicht angemeldet')).toBeVisible();
  await expect(bar.getByText('Melden Sie sich an, um alle Funktionen zu nutzen')).toBeVisible();
  await bar.getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
});

test('a signed-in non-admin is refused on /admin and its sub-areas', async ({ page }) => {
  await registerInGerman(page);
  for (const path of ['/admin', '/admin/tokens', '/omnichannel']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Zugriff verweigert' })).toBeVisible();
    await expect(
      page.getByText('Sie benötigen Administratorrechte, um auf diese Seite zuzugreifen.'),
    ).toBeVisible();
  }
  await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByTestId('sidebar').getByRole('link', { name: 'Admin-Dashboard' }),
  ).toHaveCount(0);
});

test('an administrator opens the admin area from the sidebar', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('Passwort').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Angemeldet', { exact: true })).toBeVisible();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Admin-Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin-Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Alle Bereiche' })).toBeVisible();
});

test('unknown paths show the not-found page; lazy pages load', async ({ page }) => {
  await page.goto('/features/Nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await page.goto('/no/such/page?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await page.goto('/pricing?lng=de');
  await expect(page.getByTestId('plan-premium')).toContainText('12,99 €');
  await expect(page.getByTestId('plan-free')).toContainText('125 Nachrichten pro Monat');
  await expect(page.getByTestId('plan-ultimate')).toContainText('99,00 €');
});
