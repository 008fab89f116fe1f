import { E2E_ADMIN } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 12: the performance and logs screens against the real server.
test('an administrator sees the server’s latency by route and the web app’s error reports', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('Passwort').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Angemeldet', { exact: true })).toBeVisible();

  await page.goto('/admin/performance');
  await expect(page.getByRole('heading', { level: 1, name: 'Leistung' })).toBeVisible();
  const routes = page.getByRole('table', { name: 'Anfragen je Route' });
  // The figures are one request that reads the database, which the other tests keep busy.
  await expect(routes.getByText('POST /api/login')).toBeVisible({ timeout: 30_000 });
  const database = page.getByRole('region', { name: 'Datenbank' });
  await expect(database).toContainText('Eingebettet (PGlite)');
  await expect(database).toContainText('keine, aktuell');

  await page
    .getByRole('navigation', { name: 'Admin-Bereiche' })
    .getByRole('link', { name: 'Protokolle' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Protokolle' })).toBeVisible();
  // The e2e server logs at 'warn' (support/e2e-server.ts), so its ring has few lines: the
  // request-id search is covered by tests/server/admin-logs.test.ts. The reports are real here.
  await expect(page.getByText(/führt jede ihr eigenes Protokoll/)).toBeVisible();
  const reported = await page.request.post('/api/client-errors', {
    data: { message: 'e2e: the chat screen crashed', url: 'http://127.0.0.1/chat/e2e' },
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(reported.status()).toBe(201);
  await page.getByRole('textbox', { name: 'Seite' }).fill('/chat/e2e');
  await page.getByRole('button', { name: 'Filtern' }).nth(1).click();
  const errors = page.getByRole('table', { name: 'Fehler der Web-App' });
  await expect(errors.getByText('e2e: the chat screen crashed')).toBeVisible();
  await expect(errors.getByText(/^Benutzer \d+$/)).toBeVisible();
});
