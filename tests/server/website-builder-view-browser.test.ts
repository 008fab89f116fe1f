import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteProjects } from '#server/db/schema/website-builder.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/support/chromium.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { createTestApp, type TestContext } from '#tests/support/test-app.ts';

/**
 * In a real browser (decision 327): a site opened in full runs framed, and neither navigating
 * the window nor its own frame to another origin gets the visitor there.
 */
let t: TestContext;
let origin: string;
let elsewhere: Server;
let browser: Browser;
const visits: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  elsewhere = createServer((request, response) => {
    visits.push(request.url ?? '');
    response.end('<h1>Sign in</h1>');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => elsewhere.close(resolve));
  await t.close();
});

describe('a site opened in full', () => {
  it('runs framed on an opaque origin and cannot send the visitor elsewhere', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const away = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const html = `<!DOCTYPE html><html><body><h1 id="state">Sonnenbrot</h1><script>
document.getElementById('state').textContent = 'Läuft auf ' + String(window.origin);
</script></body></html>`;
    const [row] = await t.db
      .insert(websiteProjects)
      .values({ userId: user.id, name: 'Sonnenbrot', htmlContent: html })
      .returning({ projectId: websiteProjects.projectId });
    const base = `${origin}/api/codehub/websites/${row!.projectId}`;

    const context = await browser.newContext();
    const [name = '', value = ''] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    const consoleMessages: string[] = [];
    page.on('console', (message) => consoleMessages.push(message.text()));
    // The old address of "open in full" (or a link someone sent) ends at the framing page.
    await page.goto(`${base}/view`);
    expect(page.url()).toBe(`${base}/full`);
    const frame = page.frameLocator('iframe[title="Sonnenbrot"]');
    await expect.poll(() => frame.locator('#state').textContent()).toBe('Läuft auf null');
    // What a hostile page's script would do once it had drawn a fake sign-in.
    const site = page.frames().find((candidate) => candidate.url() === `${base}/view`)!;
    // The sandbox (no allow-top-navigation) refuses the window…
    // (Script text: this file is type-checked without the DOM library.)
    const topNavigation = await site.evaluate(`(() => {
      try {
        top.location.href = ${JSON.stringify(`${away}/top`)};
        return 'navigated';
      } catch (error) {
        return error.name;
      }
    })()`);
    expect(topNavigation).toBe('SecurityError');
    // …and the framing page's frame-src 'self' the frame itself.
    await site.evaluate(`location.href = ${JSON.stringify(`${away}/frame`)}`);
    await expect
      .poll(() => consoleMessages.join('\n'), { timeout: 10_000 })
      .toContain('violates the following Content Security Policy directive: "frame-src \'self\'"');
    expect(page.url()).toBe(`${base}/full`);
    expect(visits).toEqual([]);
    // The framing page fills the window.
    expect(await page.locator('iframe').boundingBox()).toMatchObject({
      x: 0,
      y: 0,
      ...page.viewportSize(),
    });
    await context.close();
  });
});
