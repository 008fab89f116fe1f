import { randomBytes } from 'node:crypto';
import { registerInGerman } from './support/accounts.ts';
import { scriptReply } from './support/fake-upstream.ts';
import { expect, test } from './support/fixtures.ts';

/** A finished page as the (fake) model writes it: inline style and a script that runs. */
const SITE = `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sonnenbrot</title>
<style>body { margin: 0; font: 18px system-ui, sans-serif; color: #1f2937; background: #ffffff; } main { padding: 24px; }</style>
</head><body><main><h1>Bäckerei Sonnenbrot</h1><p>Frisches Sauerteigbrot jeden Morgen.</p>
<p id="origin"></p>
<script>document.getElementById('origin').textContent = 'Skript läuft: ' + String(window.origin);</script>
</main></body></html>`;

test('a website is built from a prompt with live progress, previewed in a sandbox and opened in the editor', async ({
  page,
}) => {
  await registerInGerman(page);
  const marker = `site-${randomBytes(4).toString('hex')}`;
  await scriptReply(marker, { chunks: ['```html\n', SITE, '\n```'] });

  await page.goto('/codehub/website-builder');
  await expect(page.getByRole('heading', { name: 'Website-Builder' })).toBeVisible();
  // Spec 02 §4 defaults.
  await expect(page.getByLabel(/Schrittweise Verbesserung/)).toBeChecked();
  await expect(page.getByLabel(/Vorherige Komponenten behalten/)).toBeChecked();
  await expect(page.getByLabel('Max. Verbesserungsschritte')).toHaveValue('1');
  await expect(page.getByLabel('Modellvariante')).toHaveValue('balanced');

  await page
    .getByLabel('Beschreibe deine Website')
    .fill(`${marker}: Eine Seite für die Bäckerei namens Sonnenbrot.`);
  await page.getByRole('button', { name: 'Website erstellen' }).click();

  const progress = page.getByRole('list', { name: 'Fortschritt' });
  await expect(progress.getByRole('listitem')).toHaveText(
    ['Plan erstellt', 'Seite geschrieben', 'Seite geprüft', 'Screenshot im Browser aufgenommen'],
    { timeout: 60_000 },
  );

  // The preview runs the page's script on an opaque origin: never the app's.
  const frame = page.frameLocator('iframe[title="Vorschau von Sonnenbrot"]');
  await expect(frame.getByRole('heading', { name: 'Bäckerei Sonnenbrot' })).toBeVisible();
  await expect(frame.getByText('Skript läuft: null')).toBeVisible();
  await expect(page.locator('iframe[title="Vorschau von Sonnenbrot"]')).toHaveAttribute(
    'sandbox',
    'allow-scripts',
  );

  // Listed under my sites with its screenshot.
  const mine = page.getByRole('list', { name: 'Meine Websites' });
  await expect(mine.getByRole('img', { name: 'Screenshot von Sonnenbrot' })).toBeVisible();
  expect(
    await mine
      .getByRole('img', { name: 'Screenshot von Sonnenbrot' })
      .evaluate((image: HTMLImageElement) => image.naturalWidth),
  ).toBe(1280);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'HTML herunterladen' }).click();
  expect((await download).suggestedFilename()).toBe('Sonnenbrot.html');

  await page.getByRole('button', { name: 'Im Code-Editor bearbeiten' }).click();
  await expect(page).toHaveURL(/\/codehub\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Sonnenbrot' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Editor: index.html' })).toContainText(
    'Bäckerei Sonnenbrot',
  );
});
