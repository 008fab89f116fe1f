import { PASSWORD, uniqueUsername } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test('register → logout → login in German', async ({ page }) => {
  const username = uniqueUsername('de');
  await page.goto('/auth?mode=register');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Anzeigename (optional)').fill('Greta');
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();

  await expect(page.getByText('Registrierung erfolgreich', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByTestId('user-name')).toHaveText('Greta');
  await expect(sidebar.getByText('Kostenlose Version')).toBeVisible();

  await sidebar.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByText('Du wurdest erfolgreich abgemeldet', { exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Anmelden' })).toBeVisible();

  await sidebar.getByRole('link', { name: 'Anmelden' }).click();
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByLabel('Angemeldet bleiben').check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Willkommen zurück, Greta!', { exact: true })).toBeVisible();
  await expect(sidebar.getByTestId('user-name')).toHaveText('Greta');
  // Remember me gives a lasting cookie.
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.httpOnly && cookie.expires > Date.now() / 1000)).toBe(
    true,
  );
});

test.describe('in English', () => {
  // The wrong password below is answered with 401 on purpose.
  test.use({ expectedLoadErrors: { '/api/login': [401] } });

  test('register → logout → login in English', async ({ page }) => {
    const username = uniqueUsername('en');
    await page.goto('/auth?mode=register&lng=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();

    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByTestId('user-name')).toHaveText(username);
    await sidebar.getByRole('button', { name: 'Log out' }).click();
    await expect(
      page.getByText('You have been logged out successfully', { exact: true }),
    ).toBeVisible();

    await page.goto('/auth');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Wrong username or password.', { exact: true })).toBeVisible();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(`Welcome back, ${username}!`, { exact: true })).toBeVisible();
  });
});

test('inline validation in German before anything is sent', async ({ page }) => {
  await page.goto('/auth?mode=register');
  await page.getByLabel('Benutzername').fill('x');
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByText('Der Benutzername muss 3 bis 32 Zeichen lang sein.')).toBeVisible();
  await expect(page.getByText('Bitte gib ein Passwort ein.')).toBeVisible();
});
