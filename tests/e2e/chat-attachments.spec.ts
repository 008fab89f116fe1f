import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { buildPdf } from '../support/pdf-builder.ts';
import { SAMPLE_FILES } from '../support/sample-files.ts';
import { loginByApi, registerInGerman } from './support/accounts.ts';
import { E2E_ADMIN } from './support/e2e-server.ts';
import {
  upstreamRequestsWith,
  upstreamRequestWith,
  upstreamTexts,
} from './support/fake-upstream.ts';
import { expect, test } from './support/fixtures.ts';

const marker = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

/** Picks files through the attach button, as a user does. */
async function pickFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Datei anhängen' }).click();
  await (await chooser).setFiles(files);
}

/** Drags a file from the desktop over the chat screen and drops it. */
async function dropFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ bytes, name, mimeType }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      return transfer;
    },
    { bytes: [...file.buffer], name: file.name, mimeType: file.mimeType },
  );
  const target = page.getByRole('textbox', { name: 'Nachricht' });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText('Dateien hier ablegen, um sie anzuhängen')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Dateien hier ablegen, um sie anzuhängen')).toBeHidden();
}

const uploadsOf = (page: Page) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/files') {
      uploads.push(request.url());
    }
  });
  return uploads;
};

test('a PDF and an image reach the model: the PDF as text, the image as an image', async ({
  page,
}) => {
  await registerInGerman(page);
  await page.goto('/chat');
  const tag = marker('attach');
  const pdfText = `Quartalsbericht ${tag}: Umsatz 42 Millionen`;

  await pickFiles(page, [
    {
      name: 'bericht.pdf',
      mimeType: 'application/pdf',
      buffer: buildPdf({ pages: [pdfText] }),
    },
  ]);
  await dropFile(page, { name: 'foto.png', mimeType: 'image/png', buffer: SAMPLE_FILES.png });

  const chips = page.getByRole('list', { name: 'Angehängte Dateien' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(chips).toContainText('bericht.pdf');
  await expect(chips).toContainText('foto.png');
  // Removable until sent.
  await expect(page.getByRole('button', { name: 'foto.png entfernen' })).toBeVisible();

  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill(`Fasse zusammen ${tag}`);
  await expect(page.getByRole('button', { name: 'Senden' })).toBeEnabled();
  await input.press('Enter');

  await expect(page.getByText('Datei wird analysiert …', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Deine Nachricht' })).toContainText(
    `Fasse zusammen ${tag} [Datei: bericht.pdf] [Datei: foto.png]`,
  );
  await expect(chips).toBeHidden();

  const request = await upstreamRequestWith(tag);
  const last = request.body.messages?.at(-1);
  expect(last?.role).toBe('user');
  const lastText = upstreamTexts(request).at(-1)?.text ?? '';
  expect(lastText).toContain(`Fasse zusammen ${tag} [Datei: bericht.pdf] [Datei: foto.png]`);
  expect(lastText).toContain(pdfText);
  const parts = Array.isArray(last?.content) ? last.content : [];
  const image = parts.find((part) => part.type === 'image_url') as
    { image_url: { url: string } } | undefined;
  expect(image?.image_url.url).toBe(`data:image/png;base64,${SAMPLE_FILES.png.toString('base64')}`);
});

test('files that are no image or PDF, or too large, are refused with the spec toasts before upload', async ({
  page,
}) => {
  await registerInGerman(page);
  await page.goto('/chat');
  const uploads = uploadsOf(page);
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill('Mein Entwurf bleibt');

  // A web page renamed to .png: the type is decided by content, not by name.
  await dropFile(page, { name: 'foto.png', mimeType: 'image/png', buffer: SAMPLE_FILES.html });
  await expect(
    page.getByText('Ungültiger Dateityp. Nur Bilder und PDFs sind erlaubt.', { exact: true }),
  ).toBeVisible();

  const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1);
  SAMPLE_FILES.png.copy(tooBig);
  await pickFiles(page, [{ name: 'riesig.png', mimeType: 'image/png', buffer: tooBig }]);
  await expect(
    page.getByText('Die Datei ist zu groß. Maximal 10 MB erlaubt.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('„riesig.png“ ist 10 MB groß.').first()).toBeVisible();

  expect(uploads).toEqual([]);
  await expect(page.getByRole('list', { name: 'Angehängte Dateien' })).toBeHidden();
  await expect(input).toHaveValue('Mein Entwurf bleibt');
});

test('a free user is offered only GPT-4o and Persona42', async ({ page }) => {
  await registerInGerman(page);
  await page.goto('/chat');
  const models = page.getByRole('combobox', { name: 'KI-Modell' });
  await expect(models.getByRole('option')).toHaveText(['GPT-4o']);
  const personas = page.getByRole('combobox', { name: 'Persona' });
  await expect(personas.getByRole('option')).toHaveText(['Persona42']);

  const tag = marker('free');
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill(`Hallo ${tag}`);
  await input.press('Enter');
  const [system] = upstreamTexts(await upstreamRequestWith(tag));
  expect(system?.role).toBe('system');
  expect(system?.text).toContain('Persona42');
});

test('the persona and model picked in the chat reach the upstream', async ({ page }) => {
  // The administrator may use every persona and model (docs/decisions/007-access-tier.md).
  await page.goto('/');
  await loginByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/chat');
  const personas = page.getByRole('combobox', { name: 'Persona' });
  await expect(personas.getByRole('option', { name: 'Code-Experte' })).toBeAttached();
  const input = page.getByRole('textbox', { name: 'Nachricht' });

  const before = marker('persona-default');
  await input.fill(`Erste Frage ${before}`);
  await input.press('Enter');
  const [defaultSystem] = upstreamTexts(await upstreamRequestWith(before));
  expect(defaultSystem?.text).toContain('Persona42');
  await expect(input).toBeEnabled();

  await personas.selectOption({ label: 'Code-Experte' });
  await page.getByRole('combobox', { name: 'KI-Modell' }).selectOption({ label: 'GPT-4o Mini' });
  const after = marker('persona-code');
  await input.fill(`Zweite Frage ${after}`);
  await input.press('Enter');
  const request = await upstreamRequestWith(after);
  const [system] = upstreamTexts(request);
  expect(system?.text).not.toContain('Persona42');
  expect(system?.text).toMatch(/erfahrener Softwareentwickler|experienced software engineer/);
  expect(request.body.model).toBe('gpt-4o-mini');

  // Regenerating answers again with the same picks.
  await expect(input).toBeEnabled();
  const replies = page.getByRole('article', { name: 'Antwort des Assistenten' });
  await expect(replies).toHaveCount(2);
  await replies.last().hover();
  await page.getByRole('button', { name: 'Neu generieren' }).last().click();
  await expect.poll(async () => (await upstreamRequestsWith(after)).length).toBe(2);
  const again = (await upstreamRequestsWith(after)).at(-1)!;
  expect(again.body.model).toBe('gpt-4o-mini');
  expect(upstreamTexts(again)[0]?.text).toMatch(
    /erfahrener Softwareentwickler|experienced software engineer/,
  );

  // The conversation keeps its persona: after a reload the picker shows it.
  const codeExpert = await personas.inputValue();
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]+$/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Persona' })).toHaveValue(codeExpert);
});
