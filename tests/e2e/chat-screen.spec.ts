import type { APIResponse, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { loginByApi, registerInGerman } from './support/accounts.ts';
import { E2E_ADMIN } from './support/e2e-server.ts';
import { scriptReply } from './support/fake-upstream.ts';
import { expect, test } from './support/fixtures.ts';

/** A marker of this test's own: tests share one server and one fake upstream. */
const marker = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;

const userMessages = (page: Page) => page.getByRole('article', { name: 'Deine Nachricht' });
const replies = (page: Page) => page.getByRole('article', { name: 'Antwort des Assistenten' });
const streaming = (page: Page) => page.locator('[data-streaming]');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Chat-Aktionen' });

/** Numbered words, so a test can tell how far a reply got. */
const words = (count: number) => Array.from({ length: count }, (_, index) => `Wort${index + 1} `);

async function send(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill(text);
  await input.press('Enter');
}

/** A new user's first exchange: the address becomes /chat/{id}. */
async function startConversation(page: Page, text: string) {
  await registerInGerman(page);
  await page.goto('/chat');
  await send(page, text);
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toBeEnabled();
}

/**
 * An administrator (no message limit) signed in, with a conversation of `turns` exchanges sent
 * through the API: "Frage 1 {tag}" … "Frage {turns} {tag}", each answered "ok".
 */
async function seedConversation(page: Page, tag: string, turns: number) {
  await scriptReply(tag, { chunks: ['ok'] });
  await page.goto('/');
  await loginByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  let conversationId: string | null = null;
  const userMessageIds: number[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    const response: APIResponse = await page.request.post('/api/chat', {
      data: { message: `Frage ${turn} ${tag}`, conversationId },
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(response.status()).toBe(200);
    const reply = (await response.json()) as { conversationId: string; userMessageId: number };
    conversationId = reply.conversationId;
    userMessageIds.push(reply.userMessageId);
  }
  return { conversationId: conversationId!, userMessageIds };
}

test('Stop ends the reply mid-way, keeps the partial text and says so', async ({ page }) => {
  const tag = marker('stop');
  await scriptReply(tag, { chunks: words(60), chunkDelayMs: 120 });
  await registerInGerman(page);
  await page.goto('/chat');
  await send(page, `Erzähl lange ${tag}`);

  await expect(streaming(page)).toContainText('Wort3');
  await toolbar(page).getByRole('button', { name: 'Stopp' }).click();
  await expect(page.getByText('Generierung gestoppt', { exact: true })).toBeVisible();

  const reply = replies(page);
  await expect(reply).toContainText('Wort1 Wort2 Wort3');
  // The text alone: the footer's time (e.g. "07:37") would run on from "Wort6".
  await expect(reply.locator('p').first()).not.toContainText('Wort60');
  await expect(reply.locator('footer')).toContainText('gestoppt');
  await expect(toolbar(page).getByRole('button', { name: 'Stopp' })).toHaveCount(0);

  // The server kept the partial reply.
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]+$/);
  const kept = (await reply.locator('p').first().textContent()) ?? '';
  await page.reload();
  await expect(replies(page)).toContainText(kept.trim());
  await expect(replies(page).locator('footer')).toContainText('gestoppt');
});

test('reloading while a reply is generated shows it streaming on, then complete', async ({
  page,
}) => {
  const tag = marker('reload');
  await startConversation(page, 'Hallo');
  // 12 s of reply: a reload on a loaded machine must still find it running.
  await scriptReply(tag, { chunks: words(60), chunkDelayMs: 200 });
  await send(page, `Noch eine Frage ${tag}`);
  await expect(streaming(page)).toContainText('Wort5');

  await page.reload();
  // The reopened conversation attaches to the running reply: it streams on from its start.
  await expect(userMessages(page).last()).toContainText(tag);
  await expect(streaming(page)).toContainText('Wort1 Wort2');
  await expect(toolbar(page).getByRole('button', { name: 'Stopp' })).toBeVisible();
  await expect(replies(page).last()).toContainText('Wort60', { timeout: 30_000 });
  await expect(replies(page).last()).toContainText('Wort1 Wort2 Wort3');
  await expect(streaming(page)).toHaveCount(0);
  await expect(replies(page)).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toBeEnabled();
});

test('a new chat has its address while the first reply streams: a reload there loses nothing', async ({
  page,
}) => {
  const tag = marker('first');
  await registerInGerman(page);
  await page.goto('/chat');
  await scriptReply(tag, { chunks: words(40), chunkDelayMs: 150 });
  await send(page, `Die erste Frage ${tag}`);
  await expect(streaming(page)).toContainText('Wort3');
  // The conversation is stored from the first event on, so it has its address already.
  const address = page.url();
  expect(address).toMatch(/\/chat\/[A-Za-z0-9_-]+$/);

  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(userMessages(page)).toContainText(tag);
  await expect(replies(page).last()).toContainText('Wort40', { timeout: 20_000 });
  await expect(replies(page).last()).toContainText('Wort1 Wort2 Wort3');
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toBeEnabled();
});

test('a quote in a reply is set off from the text around it', async ({ page }) => {
  const tag = marker('quote');
  await scriptReply(tag, {
    chunks: ['Er sagte:\n\n> Ein zitierter Satz.\n\nDanach geht es weiter.'],
  });
  await startConversation(page, `Zitiere ${tag}`);
  const quote = replies(page).locator('blockquote');
  await expect(quote).toHaveText('Ein zitierter Satz.');
  // Without styles of its own a blockquote looks like any other paragraph.
  const bar = await quote.evaluate((element) => getComputedStyle(element).borderLeftWidth);
  expect(parseFloat(bar)).toBeGreaterThan(0);
});

test('every export format holds the conversation', async ({ page }) => {
  const tag = marker('export');
  await scriptReply(tag, { chunks: ['Die Antwort ', 'für den Export.'] });
  await startConversation(page, `Exportiere mich ${tag}`);
  await expect(replies(page)).toContainText('Die Antwort für den Export.');

  const download = async (open: () => Promise<void>) => {
    const downloading = page.waitForEvent('download');
    await open();
    const file = await downloading;
    return { name: file.suggestedFilename(), body: await readFile(await file.path()) };
  };
  const fromBar = (label: string) => () =>
    toolbar(page).getByRole('button', { name: label }).click();
  const fromMenu = (label: string) => async () => {
    await toolbar(page).getByRole('button', { name: 'Weitere Formate' }).click();
    await page.getByRole('menuitem', { name: label }).click();
  };

  const txt = await download(fromBar('Als Text exportieren'));
  expect(txt.name).toMatch(/_\d{8}_\d{6}\.txt$/);
  expect(txt.body.toString()).toContain('Export-Datum');
  expect(txt.body.toString()).toContain(`User:`);
  expect(txt.body.toString()).toContain(`Exportiere mich ${tag}`);
  expect(txt.body.toString()).toContain('Die Antwort für den Export.');

  const md = await download(fromBar('Als Markdown exportieren'));
  expect(md.name).toMatch(/\.md$/);
  expect(md.body.toString()).toContain('### User');
  expect(md.body.toString()).toContain('Die Antwort für den Export.');

  const json = await download(fromMenu('Als JSON exportieren'));
  expect(json.name).toMatch(/\.json$/);
  const parsed = JSON.parse(json.body.toString()) as {
    messages: { sender: string; content: string; isUserMessage: boolean }[];
  };
  expect(parsed.messages.map((item) => [item.isUserMessage, item.content])).toEqual([
    [true, `Exportiere mich ${tag}`],
    [false, 'Die Antwort für den Export.'],
  ]);

  const html = await download(fromMenu('Als HTML exportieren'));
  expect(html.name).toMatch(/\.html$/);
  expect(html.body.toString()).toMatch(/<html[\s>]/);
  expect(html.body.toString()).toContain('Die Antwort für den Export.');

  const pdf = await download(fromMenu('Als PDF exportieren'));
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body)), {
    mergePages: true,
  });
  expect(text).toContain('Die Antwort für den Export.');
  expect(text).toContain(tag);
});

test('the search overlay filters the messages case-insensitively; closing clears it', async ({
  page,
}) => {
  const tag = marker('search');
  await scriptReply(tag, { chunks: ['Ein Rezept mit Kürbis.'] });
  await startConversation(page, 'Was ist ein Komet?');
  await send(page, `Und ein Abendessen? ${tag}`);
  await expect(replies(page)).toHaveCount(2);
  await expect(replies(page).last()).toContainText('Kürbis');

  await toolbar(page).getByRole('button', { name: 'Suchen' }).click();
  const field = page.getByRole('searchbox', { name: 'Nachrichten durchsuchen' });
  await expect(field).toBeFocused();
  await field.fill('KÜRBIS');
  await expect(page.getByText('Treffer: 1')).toBeVisible();
  await expect(replies(page)).toHaveCount(1);
  await expect(replies(page)).toContainText('Ein Rezept mit Kürbis.');
  await expect(userMessages(page)).toHaveCount(0);

  await field.fill('komet');
  await expect(userMessages(page)).toHaveCount(1);
  await expect(userMessages(page)).toContainText('Was ist ein Komet?');

  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(userMessages(page)).toHaveCount(2);
  await expect(replies(page)).toHaveCount(2);
  await toolbar(page).getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByRole('searchbox', { name: 'Nachrichten durchsuchen' })).toHaveValue('');
});

test('a long conversation opens at its end, keeps the DOM small and scrolls back to its start', async ({
  page,
}) => {
  test.slow();
  const tag = marker('long');
  const turns = 200;
  // 400 messages.
  const { conversationId } = await seedConversation(page, tag, turns);

  await page.goto(`/chat/${conversationId}`);
  await expect(userMessages(page).last()).toContainText(`Frage ${turns} ${tag}`);
  const log = page.getByRole('log', { name: 'Nachrichten' });
  const rendered = () => log.getByRole('article').count();
  expect(await rendered()).toBeLessThan(40);

  // Scroll to the top again and again: older pages load in front until the first message.
  const first = userMessages(page).filter({ hasText: `Frage 1 ${tag}` });
  await expect(async () => {
    await log.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(first).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect(await rendered()).toBeLessThan(40);
});

test('a reader scrolled up who asks for reduced motion is taken to a new message at once, not glided', async ({
  page,
}) => {
  const tag = marker('jump');
  // 24 messages: the plain list, taller than the screen.
  const { conversationId } = await seedConversation(page, tag, 12);
  await page.goto(`/chat/${conversationId}`);
  await expect(userMessages(page).last()).toContainText(`Frage 12 ${tag}`);
  const log = page.getByRole('log', { name: 'Nachrichten' });
  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(userMessages(page).filter({ hasText: `Frage 1 ${tag}` })).toBeInViewport();

  // How far from its end the list is two frames after the new message's row appears: a glide
  // (spec 01-core §4, for everyone else) would still be on its way from the top.
  const sent = `Neu ${tag}`;
  const distance = log.evaluate(
    (element, text) =>
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          const rows = [...element.querySelectorAll('article')];
          if (!rows.some((row) => row.textContent?.includes(text))) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(element.scrollHeight - element.scrollTop - element.clientHeight),
            ),
          );
        });
        observer.observe(element, { childList: true, subtree: true });
      }),
    sent,
  );
  await send(page, sent);
  expect(await distance).toBeLessThan(120);
  await expect(userMessages(page).filter({ hasText: sent })).toBeInViewport();
});

test("a search hit's address opens a long conversation at that message, also after a reload", async ({
  page,
}) => {
  test.slow();
  const tag = marker('hit');
  // 120 messages: the first is not among the newest 100 the conversation opens with.
  const turns = 60;
  const { conversationId, userMessageIds } = await seedConversation(page, tag, turns);
  const firstMessageId = userMessageIds[0]!;

  const messageReads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/messages/')) messageReads.push(url.search);
  });
  await page.goto(`/chat/${conversationId}?message=${firstMessageId}`);
  const hit = page.getByRole('article', { name: 'Deine Nachricht', exact: true }).filter({
    hasText: `Frage 1 ${tag}`,
  });
  await expect(hit).toBeInViewport();
  await expect(hit).toHaveAttribute('aria-current', 'true');
  await expect(hit).toBeFocused();
  await expect(userMessages(page).filter({ hasText: `Frage ${turns} ${tag}` })).toHaveCount(0);
  // One request: the page around the message (issue #5), not the newest and the older ones.
  expect(messageReads).toEqual([`?limit=100&around=${firstMessageId}`]);

  // Scrolling down pages the newer messages in, down to the newest.
  const newest = userMessages(page).filter({ hasText: `Frage ${turns} ${tag}` });
  const log = page.getByRole('log', { name: 'Nachrichten' });
  await expect(async () => {
    await log.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(newest).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect(messageReads).toHaveLength(2);
  expect(messageReads[1]).toMatch(/^\?limit=300&after=\d+$/);

  await page.reload();
  await expect(hit).toBeInViewport();
  await expect(hit).toHaveAttribute('aria-current', 'true');
});

test.describe('a conversation the app opens on', () => {
  // The worker would answer the chunk from its cache, past the route that holds it back.
  test.use({ serviceWorkers: 'block' });

  test("reads its messages while the chat screen's code is still on its way, once", async ({
    page,
  }) => {
    const tag = marker('vorab');
    const { conversationId } = await seedConversation(page, tag, 1);

    let chunkDelivered = false;
    // Long enough for GET /api/user on a busy machine, which the read waits for.
    await page.route(/\/assets\/chat-page-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      chunkDelivered = true;
      await route.continue();
    });
    const messageReads: { search: string; beforeChunk: boolean }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/messages/')) {
        messageReads.push({ search: url.search, beforeChunk: !chunkDelivered });
      }
    });
    await page.goto(`/chat/${conversationId}`);

    await expect(userMessages(page).filter({ hasText: `Frage 1 ${tag}` })).toBeVisible();
    await expect(replies(page).filter({ hasText: 'ok' })).toBeVisible();
    expect(messageReads).toEqual([{ search: '?limit=100', beforeChunk: true }]);
  });
});
