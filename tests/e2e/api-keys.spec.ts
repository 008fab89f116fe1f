import { randomBytes } from 'node:crypto';
import { loginByApi } from './support/accounts.ts';
import { E2E_ADMIN } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';

test('an Ultimate user creates an API key, uses it once shown, and revokes it; the admin sees it', async ({
  page,
}) => {
  // Administrators have Ultimate's rules, which include API access (spec 02 §9).
  await page.goto('/');
  await loginByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'API-Schlüssel' }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);

  const name = `E2E ${randomBytes(3).toString('hex')}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Läuft ab nach').selectOption('7');
  await page.getByRole('button', { name: 'Schlüssel erstellen' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^sk-orbit-[\w-]{43}$/);
  await expect(page.getByRole('note')).toContainText('nur dieses eine Mal');
  const key = (await shown.textContent())!;

  // The key works with the OpenAI wire format, without a cookie.
  const models = await page.request.get('/api/v1/models', {
    headers: { authorization: `Bearer ${key}`, cookie: '' },
  });
  expect(models.status()).toBe(200);
  expect(((await models.json()) as { object: string }).object).toBe('list');

  await page.getByRole('button', { name: 'Ich habe den Schlüssel gespeichert' }).click();
  await expect(shown).toHaveCount(0);
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText(key.slice(0, 17));
  await expect(row).not.toContainText(key);

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Widerrufen' }).click();
  // Revoked: the button goes, the status stays ("Widerrufen" is both, so wait for the button).
  await expect(row.getByRole('button', { name: 'Widerrufen' })).toHaveCount(0);
  await expect(row).toContainText('Widerrufen');
  const refused = await page.request.get('/api/v1/models', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);

  await page.goto('/admin/api-keys');
  const adminRow = page.getByRole('row').filter({ hasText: name });
  await expect(adminRow).toContainText(key.slice(0, 17));
  await expect(adminRow).toContainText('Widerrufen');

  await page.goto('/admin/tokens');
  await expect(page.getByRole('heading', { name: 'Token-Verwaltung', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Token-Limits' })).toContainText('Ultimate');
});
