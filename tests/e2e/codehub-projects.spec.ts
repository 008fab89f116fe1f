import { randomBytes } from 'node:crypto';
import { registerInGerman } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test('a Python project from the template is edited, saved and highlighted after a reload', async ({
  page,
}) => {
  await registerInGerman(page);
  const name = `Schlange ${randomBytes(3).toString('hex')}`;
  await page.goto('/codehub');
  await page.getByRole('textbox', { name: 'Projektname' }).fill(name);
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'Python' });
  await page.getByRole('button', { name: 'Aus Vorlage erstellen' }).click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page).toHaveURL(/\/codehub\/projects\/[0-9a-f-]{36}$/);
  const editor = page.getByRole('textbox', { name: 'Editor: main.py' });
  await expect(editor).toContainText('print("Hello, world!")');

  // Type at the very start of the file, then save with the keyboard.
  await editor.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('# Grüße aus dem Editor\n');
  await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Alle Änderungen gespeichert')).toBeVisible();

  await page.reload();
  await expect(editor).toContainText('# Grüße aus dem Editor');
  await expect(editor).toContainText('print("Hello, world!")');
  // The Python grammar is loaded: keywords and comments are highlighted tokens.
  await expect(editor.locator('.tok-keyword', { hasText: 'def' }).first()).toBeVisible();
  await expect(editor.locator('.tok-comment', { hasText: 'Grüße aus dem Editor' })).toBeVisible();

  // The project is listed as mine.
  await page.getByRole('link', { name: 'Zurück zum CodeHub' }).click();
  await expect(
    page.getByRole('list', { name: 'Meine Projekte' }).getByRole('link', { name }),
  ).toBeVisible();
});
