import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from '@playwright/test';
import { loginByApi } from './support/accounts.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const HMAC_KEY = 'e2e-widget-hmac-key';

/**
 * The brand's own website: another origin (a port of its own, not on ALLOWED_ORIGINS) with a
 * strict CSP of its own and CSS that would restyle everything it could reach.
 */
async function startBrandSite(snippet: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme shop</title>
<link rel="stylesheet" href="/site.css"></head><body><h1>Acme shop</h1>${snippet}</body></html>`;
  const server: Server = createServer((request, response) => {
    if (request.url === '/site.css') {
      response.writeHead(200, { 'content-type': 'text/css' });
      response.end(
        '* { color: rgb(255, 0, 0) !important; font-size: 40px; } button { display: none; }',
      );
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'self'; script-src ${E2E_BASE_URL}; connect-src ${E2E_BASE_URL}; style-src 'self'`,
    });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A visitor of their own, in English, with none of the admin's cookies. */
async function visitorBrowser(browser: Browser) {
  const context = await browser.newContext({ locale: 'en-US' });
  // The widget's shadow root is closed, which also closes it to Playwright's locators: in these
  // tests only, attachShadow opens it so the test can read what the visitor sees.
  await context.addInitScript(() => {
    const attach = Object.getOwnPropertyDescriptor(Element.prototype, 'attachShadow')!.value as (
      this: Element,
      init: ShadowRootInit,
    ) => ShadowRoot;
    Element.prototype.attachShadow = function (init: ShadowRootInit) {
      return attach.call(this, { ...init, mode: 'open' });
    };
  });
  return context;
}

test('a visitor writes from the brand’s own site, the admin answers, the reply shows live', async ({
  page,
  browser,
}) => {
  await loginByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const brandName = `Widget ${randomUUID().slice(0, 8)}`;
  const brand = await page.request.post('/api/omnichannel/brands', {
    data: { name: brandName, primaryColor: '#0f766e', signatureChat: 'Acme Team' },
    headers: XHR,
  });
  expect(brand.status()).toBe(201);
  const { brandId } = (await brand.json()) as { brandId: string };
  const channel = await page.request.post(`/api/omnichannel/brands/${brandId}/channels`, {
    data: { channelType: 'widget', channelIdentifier: 'acme-site', secrets: { hmacKey: HMAC_KEY } },
    headers: XHR,
  });
  expect(channel.status()).toBe(201);
  const { channelId } = (await channel.json()) as { channelId: string };

  // The channel editor offers the snippet to paste.
  await page.goto('/omnichannel');
  await page.getByRole('button', { name: brandName }).click();
  await expect(
    page.getByRole('textbox', { name: 'Einbettungscode für deine Website' }),
  ).toHaveValue(new RegExp(`src="${E2E_BASE_URL}/widget.js" data-channel="${channelId}"`));

  // What the brand's server puts into its page for this visitor.
  const visitor = `customer-${randomUUID().slice(0, 8)}`;
  const signature = createHmac('sha256', HMAC_KEY).update(visitor).digest('hex');
  const site = await startBrandSite(
    `<script src="${E2E_BASE_URL}/widget.js" data-channel="${channelId}" data-visitor="${visitor}" data-signature="${signature}" data-name="Mira" async></script>`,
  );
  const visitorContext = await visitorBrowser(browser);
  const shop = await visitorContext.newPage();
  const problems: string[] = [];
  shop.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  shop.on('pageerror', (error) => problems.push(error.message));
  try {
    await shop.goto(site.url);
    const launcher = shop.getByRole('button', { name: 'Open chat' });
    await expect(launcher).toBeVisible();
    // The site's CSS does not reach into the widget.
    await expect(launcher).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await launcher.click();
    const panel = shop.getByRole('dialog', { name: brandName });
    await expect(panel.getByText('Write to us — we reply right here.')).toBeVisible();
    await expect(panel.getByRole('heading', { name: brandName })).toHaveCSS(
      'color',
      'rgb(255, 255, 255)',
    );
    await panel.getByRole('textbox', { name: 'Your message' }).fill('Is the blue jacket back?');
    await panel.getByRole('button', { name: 'Send' }).click();
    const messages = panel.getByRole('list', { name: 'Messages' });
    await expect(messages.getByRole('listitem')).toHaveText(['Is the blue jacket back?']);

    // The admin sees it arrive in the open inbox and answers.
    const threads = page.getByRole('list', { name: 'Unterhaltungen' });
    await threads.getByRole('button', { name: /Is the blue jacket back\?/ }).click();
    const thread = page.getByRole('article', { name: 'Unterhaltung' });
    await expect(thread.getByRole('heading', { name: 'Mira' })).toBeVisible();
    const box = thread.getByRole('form', { name: 'Antwort' });
    await box.getByRole('textbox', { name: 'Deine Antwort' }).fill('Yes, since this morning.');
    await box.getByRole('button', { name: 'Antwort senden' }).click();

    // The reply reaches the visitor's open widget, live, with the brand's signature.
    await expect(messages.getByRole('listitem').last()).toHaveText(
      'Yes, since this morning.\n\nAcme Team',
    );
    // Kept for the tab: a reload shows the conversation again.
    await shop.reload();
    await shop.getByRole('button', { name: 'Open chat' }).click();
    await expect(shop.getByRole('dialog', { name: brandName }).getByRole('listitem')).toHaveCount(
      2,
    );
    expect(problems).toEqual([]);
  } finally {
    await visitorContext.close();
    await site.close();
  }
});

test('an anonymous visitor comes back later and finds the reply sent while away', async ({
  page,
  browser,
}) => {
  await loginByApi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const brandName = `Open widget ${randomUUID().slice(0, 8)}`;
  const brand = await page.request.post('/api/omnichannel/brands', {
    data: { name: brandName, signatureChat: 'Acme Team' },
    headers: XHR,
  });
  const { brandId } = (await brand.json()) as { brandId: string };
  const channel = await page.request.post(`/api/omnichannel/brands/${brandId}/channels`, {
    data: {
      channelType: 'widget',
      channelIdentifier: 'acme-open-site',
      config: { anonymousVisitors: true },
      secrets: { hmacKey: HMAC_KEY },
    },
    headers: XHR,
  });
  expect(channel.status()).toBe(201);
  const { channelId } = (await channel.json()) as { channelId: string };

  // The channel editor offers the snippet without the visitor pair.
  await page.goto('/omnichannel');
  await page.getByRole('button', { name: brandName }).click();
  const snippet = page.getByRole('textbox', { name: 'Einbettungscode für deine Website' });
  await expect(snippet).toHaveValue(new RegExp(`data-channel="${channelId}" async`));

  // A site without visitor accounts: the tag names no visitor.
  const site = await startBrandSite(
    `<script src="${E2E_BASE_URL}/widget.js" data-channel="${channelId}" async></script>`,
  );
  const visitorContext = await visitorBrowser(browser);
  try {
    const shop = await visitorContext.newPage();
    await shop.goto(site.url);
    await shop.getByRole('button', { name: 'Open chat' }).click();
    const panel = shop.getByRole('dialog', { name: brandName });
    await panel.getByRole('textbox', { name: 'Your message' }).fill('Do you ship to Skopje?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveText([
      'Do you ship to Skopje?',
    ]);
    // The visitor leaves; the admin answers while no widget of theirs is open.
    await shop.close();
    const inbox = await page.request.get(
      `/api/omnichannel/messages?brandId=${brandId}&channelId=${channelId}`,
    );
    const { items } = (await inbox.json()) as { items: { id: number; senderIdentifier: string }[] };
    expect(items).toHaveLength(1);
    expect(items[0]!.senderIdentifier).toMatch(/^visitor-/);
    const reply = await page.request.post(`/api/omnichannel/messages/${items[0]!.id}/reply`, {
      data: { content: 'Yes, within three days.' },
      headers: XHR,
    });
    expect(reply.status()).toBe(201);

    // Back on the site in a new tab, the same browser is the same visitor, and the reply is there.
    const again = await visitorContext.newPage();
    await again.goto(site.url);
    await again.getByRole('button', { name: 'Open chat' }).click();
    await expect(
      again
        .getByRole('dialog', { name: brandName })
        .getByRole('list', { name: 'Messages' })
        .getByRole('listitem'),
    ).toHaveText(['Do you ship to Skopje?', 'Yes, within three days.\n\nAcme Team']);
  } finally {
    await visitorContext.close();
    await site.close();
  }
});
