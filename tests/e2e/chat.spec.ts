import { registerInGerman } from './support/accounts.ts';
import { DEFAULT_FAKE_REPLY, scriptReply } from './support/fake-upstream.ts';
import { expect, test } from './support/fixtures.ts';
import { receivesTapAtCentre } from './support/hit-test.ts';

test('a new user sends a message, sees the reply stream in, gets the address and keeps the history', async ({
  page,
}) => {
  await registerInGerman(page);
  await page.goto('/chat');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hallo! Wie kann ich dir heute helfen?' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);

  // Record every text the streaming bubble shows, to see the reply arrive in pieces.
  await page.evaluate(`
    window.streamed = [];
    new MutationObserver(() => {
      const text = document.querySelector('[data-streaming]')?.textContent ?? '';
      if (text && window.streamed.at(-1) !== text) window.streamed.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  `);

  await scriptReply('Was kannst du?', {
    chunks: ['Ich kann ', 'Fragen beantworten, ', 'Texte ', 'schreiben ', 'und Code erklären.'],
    // Slow enough to see pieces arrive on a loaded machine, where a CI run once saw the browser
    // read a 2.4 s reply only after a 1.5 s stall.
    chunkDelayMs: 1200,
  });
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill('Was kannst du?');
  await input.press('Enter');

  await expect(page.getByRole('article', { name: 'Deine Nachricht' })).toHaveText(
    /Was kannst du\?/,
  );
  const reply = page.getByRole('article', { name: 'Antwort des Assistenten' });
  await expect(reply).toContainText(
    'Ich kann Fragen beantworten, Texte schreiben und Code erklären.',
  );
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]+$/);
  // The input is free again once the reply is complete.
  await expect(input).toBeEnabled();

  const streamed = await page.evaluate<string[]>('window.streamed');
  expect(streamed.length, 'partial texts while streaming').toBeGreaterThan(1);
  expect(streamed[0], 'the first piece arrives alone').not.toContain('Code erklären');

  // The new conversation shows up in the sidebar list (the conversations query was refreshed).
  const conversationId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.locator(`a[href="/chat/${conversationId}"]`).first()).toBeAttached();

  await page.reload();
  await expect(page.getByRole('article', { name: 'Deine Nachricht' })).toHaveText(
    /Was kannst du\?/,
  );
  await expect(page.getByRole('article', { name: 'Antwort des Assistenten' })).toContainText(
    'Ich kann Fragen beantworten',
  );
});

test('the conversation exports as text and Markdown from the top bar', async ({ page }) => {
  await registerInGerman(page);
  await page.goto('/chat');
  const bar = page.getByRole('toolbar');
  // Without messages there is nothing to export (spec 01-core §5).
  await bar.getByRole('button', { name: 'Als Text exportieren' }).click();
  await expect(page.getByText('Bitte beginne zuerst ein Gespräch.', { exact: true })).toBeVisible();

  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill('Export bitte');
  await input.press('Enter');
  await expect(page.getByRole('article', { name: 'Antwort des Assistenten' })).toContainText(
    DEFAULT_FAKE_REPLY,
  );
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]+$/);

  for (const [button, extension, sender] of [
    ['Als Text exportieren', '.txt', 'User:'],
    ['Als Markdown exportieren', '.md', '### User'],
  ] as const) {
    const downloading = page.waitForEvent('download');
    await bar.getByRole('button', { name: button }).click();
    const download = await downloading;
    expect(download.suggestedFilename().endsWith(extension)).toBe(true);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const content = Buffer.concat(chunks).toString('utf8');
    expect(content).toContain('Export-Datum');
    expect(content).toContain(sender);
    expect(content).toContain('Export bitte');
    expect(content).toContain(DEFAULT_FAKE_REPLY);
  }
});

test('New chat clears the conversation and returns to /chat', async ({ page }) => {
  await registerInGerman(page);
  await page.goto('/chat');
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await page
    .getByRole('button', { name: 'Erkläre mir Quantencomputer in einfachen Worten' })
    .click();
  await expect(page.getByRole('article', { name: 'Antwort des Assistenten' })).toContainText(
    DEFAULT_FAKE_REPLY,
  );
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]+$/);

  await page.getByRole('toolbar').getByRole('button', { name: 'Neuer Chat' }).click();
  await expect(page.getByText('Neuer Chat gestartet', { exact: true })).toBeVisible();
  // At the bottom right the toast lay over Send for its 5 s.
  expect(await receivesTapAtCentre(page.getByRole('button', { name: 'Senden' }))).toBe(true);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hallo! Wie kann ich dir heute helfen?' }),
  ).toBeVisible();
  await expect(input).toBeEnabled();
});
