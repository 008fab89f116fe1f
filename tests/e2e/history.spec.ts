import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { registerInGerman } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

const unique = () => randomBytes(4).toString('hex');

/**
 * A conversation through the API (its reply comes from the fake upstream); its id. Its title is
 * first the message's first six words (provisionalTitle), until the title job replaces it: a
 * search word placed after them matches the message only, however late that job runs.
 */
async function startConversation(page: Page, message: string): Promise<string> {
  const response = await page.request.post('/api/chat', {
    data: { message, conversationId: null },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { conversationId: string }).conversationId;
}

/** The history row holding the link to a conversation. */
/** The sidebar's search of all conversations, opened from a page other than the chat. */
async function openSidebarSearch(page: Page) {
  await page.goto('/settings');
  await page
    .getByTestId('sidebar')
    .getByRole('button', { name: 'Alle Gespräche durchsuchen' })
    .click();
  return page.getByRole('dialog', { name: 'Alle Gespräche durchsuchen' });
}

const historyRow = (page: Page, conversationId: string) =>
  page
    .getByRole('list', { name: 'Deine Gespräche' })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="/chat/${conversationId}"]`) });

test('deletes a conversation from the history after confirmation', async ({ page }) => {
  await registerInGerman(page);
  const keep = await startConversation(page, `Bleibt ${unique()}`);
  const drop = await startConversation(page, `Geht ${unique()}`);
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Verlauf' })).toBeVisible();
  await expect(historyRow(page, keep)).toBeVisible();
  const row = historyRow(page, drop);
  // Day, month and year in German format (spec 01-core §2).
  const today = new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  await expect(row).toContainText(today);

  // Cancelling the browser confirmation keeps the conversation.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await row.getByRole('button').click();
  await expect(row).toBeVisible();

  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toContain('wirklich löschen');
    void dialog.accept();
  });
  await row.getByRole('button').click();
  await expect(page.getByText(/^Das Gespräch „.*“ wurde gelöscht\.$/)).toBeVisible();
  await expect(historyRow(page, drop)).toHaveCount(0);
  await expect(historyRow(page, keep)).toBeVisible();

  await page.reload();
  await expect(historyRow(page, keep)).toBeVisible();
  await expect(historyRow(page, drop)).toHaveCount(0);
  expect((await page.request.get(`/api/conversations/${drop}`)).status()).toBe(404);
});

test('the server search finds a message in any conversation and links to it', async ({ page }) => {
  await registerInGerman(page);
  const word = `Zitronenkuchen${unique()}`;
  const target = await startConversation(
    page,
    `Wie backe ich bitte ganz einfach einen ${word} ohne Ei?`,
  );
  await startConversation(page, `Etwas ganz anderes ${unique()}`);

  await page.goto('/history');
  await page
    .getByLabel('Titel und Nachrichten aller Gespräche durchsuchen')
    .fill(word.slice(0, -2));
  const results = page.getByRole('list', { name: 'Suchergebnisse' });
  await expect(results.getByRole('link')).toHaveCount(1);
  await expect(results.locator('mark').first()).toContainText(word.slice(0, -2));
  await results.getByRole('link').click();
  // The hit opens its conversation at the matching message, marked and focused.
  await expect(page).toHaveURL(new RegExp(`/chat/${target}\\?message=\\d+$`));
  const hit = page.getByRole('article', { name: 'Deine Nachricht' });
  await expect(hit).toContainText(word);
  await expect(hit).toHaveAttribute('aria-current', 'true');
  await expect(hit).toBeFocused();

  // The same search from the sidebar, in a dialog that closes when a hit is followed.
  const dialog = await openSidebarSearch(page);
  await dialog.getByLabel('Titel und Nachrichten aller Gespräche durchsuchen').fill(word);
  await dialog.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/chat/${target}\\?message=\\d+$`));
  await expect(dialog).toBeHidden();
});

test('the sidebar search dialog opens with the focus in its field: typing searches at once', async ({
  page,
}) => {
  await registerInGerman(page);
  const word = `Heidelbeeren${unique()}`;
  const target = await startConversation(
    page,
    `Ich suche ein ganz einfaches Rezept mit ${word}, bitte`,
  );
  const dialog = await openSidebarSearch(page);
  const field = dialog.getByLabel('Titel und Nachrichten aller Gespräche durchsuchen');
  // showModal() focuses the close button first; the field must win, as it does on the history page.
  await expect(field).toBeFocused();
  await page.keyboard.type(word);
  await expect(field).toHaveValue(word);
  await dialog.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/chat/${target}\\?message=\\d+$`));
});
