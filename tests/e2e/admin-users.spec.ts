import { loginByApi, PASSWORD, uniqueUsername } from './support/accounts.ts';
import { E2E_ADMIN } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 12 "users": an administrator finds a user and suspends them; the user's open page is
 * signed out at its next request, and signing in again says the account is suspended.
 */
test('an administrator suspends a user whose open page is then signed out', async ({
  page,
  browser,
}) => {
  // The user, signed in on their own browser, with the history open.
  const username = uniqueUsername('suspect');
  const userContext = await browser.newContext({ locale: 'de-DE' });
  const userPage = await userContext.newPage();
  const registered = await userPage.request.post('/api/register', {
    data: { username, password: PASSWORD },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(registered.status()).toBe(201);
  await userPage.goto('/history');
  await expect(userPage.getByTestId('sidebar').getByText(username)).toBeVisible();

  // The administrator finds them and suspends them.
  await loginByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Suche', exact: true }).fill(username);
  await page.getByRole('button', { name: 'Suchen', exact: true }).click();
  const table = page.getByRole('table', { name: 'Benutzer' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: username }).click();
  await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
  await page.getByRole('textbox', { name: 'Grund der Sperre' }).fill('Spam in e2e');
  await page.getByRole('button', { name: 'Sperren' }).click();
  await expect(page.getByText('Gesperrt: Spam in e2e')).toBeVisible();

  // The user's next request: the page shows itself signed out and says why.
  await userPage.getByTestId('sidebar').getByRole('link', { name: 'Einstellungen' }).click();
  await expect(userPage.getByText('Du wurdest abgemeldet').first()).toBeVisible();
  await expect(
    userPage.getByRole('complementary', { name: 'Anmeldehinweis' }).getByText('Nicht angemeldet'),
  ).toBeVisible();
  await expect(userPage.getByTestId('sidebar').getByText(username)).toHaveCount(0);

  // Signing in again is refused with the reason.
  await userPage.goto('/auth');
  await userPage.getByLabel('Benutzername').fill(username);
  await userPage.getByLabel('Passwort').fill(PASSWORD);
  await userPage.getByRole('button', { name: 'Anmelden' }).click();
  await expect(
    userPage.getByText('Dieses Konto wurde gesperrt. Bitte wende dich an den Support.').first(),
  ).toBeVisible();
  await userContext.close();

  // The change is in the audit log.
  await page.goto('/admin/audit-log');
  await expect(
    page.getByRole('table', { name: 'Änderungsprotokoll' }).getByText('user.suspend').first(),
  ).toBeVisible();
});
