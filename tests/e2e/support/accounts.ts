import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'orbit-e2e-password';

/** A fresh username per test: every test owns its data (STYLE.md habit 10). */
export function uniqueUsername(prefix = 'e2e') {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** Registers through the real form (German labels) and waits for the welcome toast. */
export async function registerInGerman(page: Page, username = uniqueUsername()) {
  await page.goto('/auth?mode=register');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByText('Registrierung erfolgreich', { exact: true })).toBeVisible();
  // The form leads home once the user is revalidated.
  await expect(page).toHaveURL(/\/$/);
  return username;
}

/** Logs in through the API in this page's context (same cookies as the app). */
export async function loginByApi(page: Page, username: string, password = PASSWORD) {
  const response = await page.request.post('/api/login', {
    data: { username, password },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status()).toBe(200);
}
