import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { registerInGerman } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/e2e-server.ts';
import { scriptReply, upstreamRequestsWith, upstreamTexts } from './support/fake-upstream.ts';
import { expect, test } from './support/fixtures.ts';

/** A marker of this test's own: tests share one server and one fake upstream. */
const marker = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;

const userMessages = (page: Page) => page.getByRole('article', { name: 'Deine Nachricht' });
const replies = (page: Page) => page.getByRole('article', { name: 'Antwort des Assistenten' });

/** The actions row under a message (copy, edit, regenerate, feedback). */
const actionsOf = (article: ReturnType<Page['getByRole']>) =>
  article.locator('..').getByRole('group', { name: 'Aktionen zur Nachricht' });

async function startChat(page: Page, text: string) {
  await registerInGerman(page);
  await page.goto('/chat');
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill(text);
  await input.press('Enter');
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]+$/);
}

test('regenerate replaces the reply with a new one that streams in and is kept', async ({
  page,
}) => {
  const tag = marker('regen');
  await scriptReply(tag, { chunks: ['Erste ', 'Antwort.'] });
  await startChat(page, `Erzähl mir etwas ${tag}`);
  await expect(replies(page)).toHaveText(/Erste Antwort\./);

  // The same question, answered differently the second time, slowly enough to see it stream:
  // the check for the streaming row polls at growing intervals (up to 1 s) on a loaded machine.
  await scriptReply(tag, {
    chunks: ['Zweite ', 'Antwort, ', 'ganz ', 'neu.'],
    chunkDelayMs: 700,
  });
  await actionsOf(replies(page)).getByRole('button', { name: 'Neu generieren' }).click();
  await expect(page.locator('[data-streaming]')).toBeVisible();
  await expect(replies(page)).toHaveCount(1);
  await expect(replies(page)).toHaveText(/Zweite Antwort, ganz neu\./);
  await expect(page.getByText('Erste Antwort.')).toHaveCount(0);

  // The upstream got the same question again, without the replaced reply.
  const streamed = await upstreamRequestsWith(tag);
  expect(streamed).toHaveLength(2);
  expect(upstreamTexts(streamed[1]!).map((message) => message.text)).not.toContain(
    'Erste Antwort.',
  );

  await page.reload();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(replies(page)).toHaveCount(1);
  await expect(replies(page)).toHaveText(/Zweite Antwort, ganz neu\./);
});

test('editing an own message truncates the conversation and answers the new text', async ({
  page,
}) => {
  const first = marker('edit-old');
  const second = marker('edit-old2');
  const edited = marker('edit-new');
  await scriptReply(first, { chunks: ['Antwort auf die alte Frage.'] });
  await scriptReply(second, { chunks: ['Antwort auf die Folgefrage.'] });
  await scriptReply(edited, { chunks: ['Antwort ', 'auf die ', 'neue Frage.'], chunkDelayMs: 800 });
  await startChat(page, `Alte Frage ${first}`);
  await expect(replies(page)).toHaveText(/alte Frage/);
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill(`Folgefrage ${second}`);
  await input.press('Enter');
  await expect(replies(page)).toHaveCount(2);

  await actionsOf(userMessages(page).first()).getByRole('button', { name: 'Bearbeiten' }).click();
  const editor = page.getByRole('textbox', { name: 'Nachricht bearbeiten' });
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue(`Alte Frage ${first}`);
  // Escape leaves the message as it was.
  await editor.fill('verworfen');
  await editor.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(userMessages(page).first()).toContainText(`Alte Frage ${first}`);

  await actionsOf(userMessages(page).first()).getByRole('button', { name: 'Bearbeiten' }).click();
  await editor.fill(`Neue Frage ${edited}`);
  await editor.press('Shift+Enter');
  await editor.pressSequentially('zweite Zeile');
  await expect(editor).toHaveValue(`Neue Frage ${edited}\nzweite Zeile`);
  await editor.press('Enter');

  await expect(page.locator('[data-streaming]')).toBeVisible();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(userMessages(page)).toContainText(`Neue Frage ${edited}`);
  await expect(replies(page)).toHaveCount(1);
  await expect(replies(page)).toHaveText(/Antwort auf die neue Frage\./);

  // What the upstream saw: the new text, nothing of the truncated turns.
  const [request] = await upstreamRequestsWith(edited);
  const texts = upstreamTexts(request!).map((message) => message.text);
  expect(texts.at(-1)).toBe(`Neue Frage ${edited}\nzweite Zeile`);
  expect(texts.join('\n')).not.toContain(first);
  expect(texts.join('\n')).not.toContain(second);

  await page.reload();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(userMessages(page)).toContainText(`Neue Frage ${edited}`);
  await expect(replies(page)).toHaveText(/Antwort auf die neue Frage\./);
});

test('copy puts the text on the clipboard with a checkmark for 2 s and a toast', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  const tag = marker('copy');
  await scriptReply(tag, { chunks: ['Hier ist Code:\n\n```js\nconst a = 1;\n```\n'] });
  await startChat(page, `Zeig Code ${tag}`);
  await expect(replies(page).locator('pre')).toContainText('const a = 1;');
  // The grammar is loaded on demand and colours the code.
  await expect(replies(page).locator('pre .hljs-keyword')).toHaveText('const');

  const actions = actionsOf(replies(page));
  await actions.getByRole('button', { name: 'Kopieren' }).click();
  await expect(page.getByText('In die Zwischenablage kopiert', { exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Kopiert' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'Hier ist Code:\n\n```js\nconst a = 1;\n```\n',
  );
  await expect(actions.getByRole('button', { name: 'Kopieren' })).toBeVisible({ timeout: 4000 });

  await replies(page).getByRole('button', { name: 'Code kopieren' }).click();
  await expect(replies(page).getByRole('button', { name: 'Code kopiert' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const a = 1;');
});

test('feedback is stored on the server and survives a reload', async ({ page }) => {
  const tag = marker('feedback');
  await scriptReply(tag, { chunks: ['Eine hilfreiche Antwort.'] });
  await startChat(page, `Hilf mir ${tag}`);
  await expect(replies(page)).toHaveText(/hilfreiche Antwort/);

  const good = () => actionsOf(replies(page)).getByRole('button', { name: 'Gute Antwort' });
  const bad = () => actionsOf(replies(page)).getByRole('button', { name: 'Schlechte Antwort' });
  await good().click();
  await expect(page.getByText('Danke für dein positives Feedback!', { exact: true })).toBeVisible();
  await expect(good()).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(good()).toHaveAttribute('aria-pressed', 'true');
  await expect(bad()).toHaveAttribute('aria-pressed', 'false');

  await bad().click();
  await expect(bad()).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(bad()).toHaveAttribute('aria-pressed', 'true');
  await expect(good()).toHaveAttribute('aria-pressed', 'false');
});

test('hostile model output renders inert', async ({ page }) => {
  const tag = marker('hostile');
  const hostile = [
    '# Überschrift',
    '<script>window.__pwned = "script"</script>',
    '[klick](javascript:window.__pwned="link") [web](https://example.com/x) [mail](mailto:a@example.com)',
    '<img src="x" onerror="window.__pwned = \'img\'">',
    `![bild](javascript:alert(1)) ![logo](${E2E_BASE_URL}/logo.svg)`,
    '<a href="https://example.com" onclick="window.__pwned = \'a\'">rohes html</a>',
    '<iframe src="javascript:window.__pwned=\'frame\'"></iframe>',
    '<div style="position:fixed;inset:0" onmouseover="window.__pwned=\'div\'">Overlay</div>',
    '| a | b |\n|---|---|\n| 1 | 2 |',
    '- [x] erledigt\n- [ ] offen',
    'Ende.',
  ].join('\n\n');
  // Split at awkward places: tags arrive in pieces while streaming.
  const chunks = hostile.match(/[\s\S]{1,17}/g) ?? [];
  await scriptReply(tag, { chunks, chunkDelayMs: 5 });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await startChat(page, `Antworte feindselig ${tag}`);
  const reply = replies(page);
  await expect(reply).toContainText('Ende.');

  await expect(reply.locator('script, iframe, [onerror], [onclick], [onmouseover]')).toHaveCount(0);
  await expect(reply.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(reply.getByText('klick')).toBeVisible();
  await expect(reply.getByRole('link', { name: 'web' })).toHaveAttribute(
    'href',
    'https://example.com/x',
  );
  await expect(reply.getByRole('link', { name: 'web' })).toHaveAttribute('rel', /noopener/);
  await expect(reply.getByRole('link', { name: 'mail' })).toHaveAttribute(
    'href',
    'mailto:a@example.com',
  );
  await expect(reply.getByRole('link', { name: 'rohes html' })).toHaveCount(0);
  await expect(reply.locator('img')).toHaveCount(1);
  await expect(reply.locator('img')).toHaveAttribute('src', `${E2E_BASE_URL}/logo.svg`);
  await expect(reply.locator('table td').first()).toHaveText('1');
  await expect(reply.locator('input[type=checkbox]')).toHaveCount(2);

  // Hovering and clicking around the reply runs nothing.
  await reply.hover();
  await reply.getByText('klick').click();
  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();

  await page.reload();
  await expect(replies(page)).toContainText('Ende.');
  await expect(replies(page).locator('script, iframe, [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
