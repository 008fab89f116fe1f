import { randomBytes } from 'node:crypto';
import { loginByApi, registerInGerman } from './support/accounts.ts';
import { E2E_ADMIN } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';
import { receivesTapAtCentre } from './support/hit-test.ts';

test('a subscriber creates, edits, translates and deletes a custom persona', async ({ page }) => {
  // Administrators have premium access (docs/decisions/003-premium-access.md).
  await page.goto('/');
  await loginByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const name = `Gärtnerin ${randomBytes(3).toString('hex')}`;
  await page.goto('/personas');

  await page.getByRole('button', { name: 'Neue Persona' }).click();
  let dialog = page.getByRole('dialog', { name: 'Neue Persona erstellen' });
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(dialog.getByText('Name ist erforderlich')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Beschreibung', { exact: true }).fill('Hilft bei Beeten und Balkon');
  await dialog
    .getByLabel('System-Prompt', { exact: true })
    .fill('Du bist eine erfahrene Gärtnerin.');
  await dialog.getByLabel('Symbol').selectOption({ label: 'Herz' });
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(
    page.getByText(`Die Persona „${name}“ wurde erstellt.`, { exact: true }),
  ).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('Hilft bei Beeten und Balkon');
  await expect(card).toContainText('Eigene');

  await card.getByRole('button', { name: `„${name}“ bearbeiten`, exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Persona bearbeiten' });
  await dialog.getByLabel('Beschreibung', { exact: true }).fill('Hilft bei Obst und Gemüse');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(card).toContainText('Hilft bei Obst und Gemüse');

  // Translation mode: nothing changed is refused; a translation is shown in its language.
  await card.getByRole('button', { name: `Übersetzungen von „${name}“ bearbeiten` }).click();
  dialog = page.getByRole('dialog', { name: 'Übersetzungen bearbeiten' });
  await expect(dialog.getByLabel('Name', { exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText('Du hast an den Übersetzungen nichts geändert', { exact: true }),
  ).toBeVisible();
  await dialog.getByLabel('Name (中文)').fill('园丁');
  await dialog.getByLabel('Beschreibung (中文)').fill('帮助种植水果和蔬菜');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText(`Die Persona „${name}“ wurde gespeichert.`, { exact: true }),
  ).toBeVisible();
  // The admin's stored language is German, so the Chinese texts are checked where they are kept.
  const stored = (await (await page.request.get('/api/personas')).json()) as {
    name: string;
    nameZh: string | null;
    descriptionZh: string | null;
    description: string;
  }[];
  expect(stored.find((persona) => persona.name === name)).toMatchObject({
    nameZh: '园丁',
    descriptionZh: '帮助种植水果和蔬菜',
    description: 'Hilft bei Obst und Gemüse',
  });

  // Use it in a new chat: the chat opens with it preselected.
  const germanCard = page.getByRole('article', { name });
  await germanCard.getByRole('link', { name: `Neuen Chat mit „${name}“ beginnen` }).click();
  await expect(page).toHaveURL(/\/chat\?persona=\d+$/);

  await page.goto('/personas');
  page.once('dialog', (confirm) => void confirm.accept());
  await page
    .getByRole('article', { name })
    .getByRole('button', { name: `„${name}“ löschen` })
    .click();
  await expect(
    page.getByText(`Die Persona „${name}“ wurde gelöscht.`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
});

test('a free user sees only Persona42 and what upgrading unlocks', async ({ page }) => {
  await registerInGerman(page);
  await page.goto('/personas');
  const list = page.getByTestId('persona-list');
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(list.getByRole('article', { name: 'Persona42' })).toContainText(
    'Dein freundlicher Allround-Assistent',
  );
  const upgrade = page.getByRole('region', { name: 'Mehr Personas mit einem Abo' });
  await expect(upgrade.getByRole('link', { name: 'Jetzt upgraden' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await expect(page.getByRole('button', { name: 'Neue Persona' })).toHaveCount(0);
});

test('a toast raised in the persona dialog shows above it and can be closed', async ({ page }) => {
  await page.goto('/');
  await loginByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/personas');
  await page.getByRole('button', { name: 'Neue Persona' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Persona erstellen' });
  await dialog.getByRole('button', { name: 'Erstellen' }).click();

  const toast = page.locator('li.toast').filter({ hasText: 'Bitte fülle alle Pflichtfelder aus' });
  await expect(toast).toBeVisible();
  // Outside the modal the toast lay under its backdrop: the point hit the dialog's backdrop.
  expect(await receivesTapAtCentre(toast)).toBe(true);
  await toast.getByRole('button', { name: 'Benachrichtigung schließen' }).click();
  await expect(toast).toBeHidden();
  await expect(dialog).toBeVisible();
});
