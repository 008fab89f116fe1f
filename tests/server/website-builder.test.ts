import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE } from '#server/features/website-builder/site-author.ts';
import { findExternalUrls } from '#server/features/website-builder/html-sanitizer.ts';
import {
  BuildResultSchema,
  WEBSITE_BUILDER_MESSAGES,
  type BuildResult,
} from '#shared/codehub/website-builder-schemas.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { until } from '#tests/support/until.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** A clean page: readable, fits a phone, no placeholders; tests add their own parts. */
const page = (body: string, head = '') => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sunny Bakery</title>${head}
<style>body { margin: 0; font: 18px system-ui, sans-serif; color: #111111; background: #ffffff; } main { padding: 24px; }</style>
</head><body><main><h1>Sunny Bakery</h1><p>Fresh sourdough every morning in Berlin.</p>${body}</main></body></html>`;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const token = () => `site-${randomBytes(4).toString('hex')}`;

let fake: FakeAi;
let t: TestContext;
beforeAll(async () => {
  fake = await FakeAi.start();
  t = await createTestApp(fake.env());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function build(
  context: TestContext,
  cookie: string,
  body: object,
  path = '/api/codehub/build-website',
) {
  return api(context.app, { method: 'POST', url: path, cookie, payload: body });
}

async function built(cookie: string, body: object): Promise<BuildResult> {
  const response = await build(t, cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return BuildResultSchema.parse(response.json());
}

async function expectScreenshot(context: TestContext, cookie: string, url: string | null) {
  expect(url).not.toBeNull();
  const response = await api(context.app, { method: 'GET', url: url!, cookie });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  const png = response.rawPayload;
  expect(png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  // A 1280×800 picture of a real page, not an empty image.
  expect(png.length).toBeGreaterThan(5_000);
  expect(png.readUInt32BE(16)).toBe(1280);
  expect(png.readUInt32BE(20)).toBe(800);
}

describe('the AI website builder against a model', () => {
  it('removes every external URL the model wrote and takes a screenshot', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const marker = token();
    fake.whenAll([STAGE.write, marker], {
      chunks: [
        '```html\n',
        page(
          `<img src="https://images.example.com/bread.jpg" alt="Bread" srcset="https://cdn.example.com/a.jpg 1x, data:image/gif;base64,R0lGODlhAQABAAAAACw= 2x">
<div style="background: url(http://images.example.com/bg.png) no-repeat; height: 10px"></div>
<a href="https://instagram.com/sunny">Instagram</a> <a href="#menu">Menu</a>
<script>const tracker = "https://api.example.com/track";</script>
<script src="https://cdn.jsdelivr.net/npm/alpinejs@3/dist/cdn.min.js"></script>`,
          `<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">
<link rel="preconnect" href="//fonts.gstatic.com">
<style>@import url("https://cdn.example.com/reset.css"); @font-face { font-family: X; src: url(https://fonts.example.com/x.woff2); }
.hero { background-image: url('https://images.example.com/hero.jpg'); }</style>
<base href="https://evil.example.com/">`,
        ),
        '\n```',
      ],
    });
    const result = await built(cookie, { prompt: `A bakery in Berlin ${marker}` });

    expect(result.html, JSON.stringify(result.steps)).toContain('Sunny Bakery');
    expect(findExternalUrls(result.html)).toEqual([]);
    expect(result.html).not.toMatch(/(?:src|href|srcset)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(result.html).not.toMatch(/url\(\s*["']?(?:https?:)?\/\//i);
    expect(result.html).not.toMatch(/@import|<base\b|<link\b|cdn\.jsdelivr/i);
    // Data URLs and in-page links stay.
    expect(result.html).toContain('data:image/gif;base64');
    expect(result.html).toContain('href="#menu"');
    await expectScreenshot(t, cookie, result.screenshotUrl);
    expect(result.steps.map((step) => `${step.step}:${step.status}`)).toEqual([
      'plan:ok',
      'generate:ok',
      'check:ok',
      'screenshot:ok',
    ]);

    // Stored as the user's site; the full page is served sandboxed, the download as a file.
    const stored = await api(t.app, {
      method: 'GET',
      url: `/api/codehub/websites/${result.projectId}`,
      cookie,
    });
    expect(stored.json()).toMatchObject({ html: result.html, isOwner: true, isPublic: false });
    const view = await api(t.app, {
      method: 'GET',
      url: `/api/codehub/websites/${result.projectId}/view`,
      cookie,
      headers: { 'sec-fetch-dest': 'iframe' },
    });
    expect(view.headers['content-security-policy']).toMatch(/^sandbox allow-scripts;/);
    expect(view.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(view.body).toBe(result.html);
    const download = await api(t.app, {
      method: 'GET',
      url: `/api/codehub/websites/${result.projectId}/download`,
      cookie,
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.html"/);
    expect(download.body).toBe(result.html);
  });

  it('continues a cut-off page once', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const marker = token();
    const whole = page('<p>Open daily from 7 to 18.</p>');
    const cut = whole.indexOf('<p>Open daily');
    fake.whenAll([STAGE.write, marker], { chunks: [whole.slice(0, cut)] });
    fake.whenAll([STAGE.continue, marker], { chunks: [whole.slice(cut)] });

    const result = await built(cookie, { prompt: `Bakery opening hours ${marker}` });

    expect(fake.requestsWithAll(STAGE.continue, marker)).toHaveLength(1);
    // The continuation was sent the end of the cut-off document.
    expect(JSON.stringify(fake.requestsWithAll(STAGE.continue, marker)[0]!.body)).toContain(
      'Fresh sourdough every morning',
    );
    expect(result.html).toContain('Open daily from 7 to 18.');
    expect(result.html.trim()).toMatch(/<\/html>$/);
    expect(result.steps.find((step) => step.step === 'generate')).toMatchObject({
      status: 'issues',
      findings: ['cut-off'],
    });
    expect(result.steps.some((step) => step.step === 'refine')).toBe(false);
  });

  it('rejects placeholder text and refines the page, even with refinement off', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const marker = token();
    fake.whenAll([STAGE.write, marker], {
      chunks: [page('<p>Lorem ipsum dolor sit amet.</p><p>Call [Your phone number].</p>')],
    });
    fake.whenAll([STAGE.refine, marker], {
      chunks: [page('<p>Call us on 030 1234 567.</p>')],
    });

    const result = await built(cookie, {
      prompt: `Bakery contact page ${marker}`,
      options: { iterativeRefinement: false, maxRefinementSteps: 0 },
    });

    const refineRequests = fake.requestsWithAll(STAGE.refine, marker);
    expect(refineRequests).toHaveLength(1);
    expect(JSON.stringify(refineRequests[0]!.body)).toContain('placeholder');
    expect(result.steps.map((step) => `${step.step}:${step.status}`)).toEqual([
      'plan:ok',
      'generate:ok',
      'check:issues',
      'screenshot:ok',
      'refine:ok',
      'check:ok',
      'screenshot:ok',
    ]);
    expect(result.steps[2]!.findings).toEqual(['placeholder']);
    expect(result.steps[4]!.findings).toEqual(['placeholder']);
    expect(result.html).toContain('030 1234 567');
    expect(result.html).not.toMatch(/lorem ipsum|\[your/i);
  });

  it('refines with what the screenshot found (text wider than a phone)', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const marker = token();
    fake.whenAll([STAGE.write, marker], {
      chunks: [page('<div style="width: 1000px; background: #eeeeee">Our counter</div>')],
    });
    fake.whenAll([STAGE.refine, marker], {
      chunks: [page('<div style="max-width: 100%; background: #eeeeee">Our counter</div>')],
    });

    const result = await built(cookie, { prompt: `Bakery counter ${marker}` });

    expect(result.steps.find((step) => step.step === 'screenshot')!.findings).toContain(
      'overflow-mobile',
    );
    const refine = fake.requestsWithAll(STAGE.refine, marker);
    expect(refine).toHaveLength(1);
    expect(JSON.stringify(refine[0]!.body)).toContain('390 px phone');
    expect(result.steps.at(-1)).toMatchObject({ step: 'screenshot', status: 'ok', round: 1 });
    expect(result.html).toContain('max-width: 100%');
  });

  it('streams the steps as Server-Sent Events and then the result', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const marker = token();
    fake.whenAll([STAGE.write, marker], { chunks: [page('<p>Cakes to order.</p>')] });

    const response = await api(t.app, {
      method: 'POST',
      url: '/api/codehub/build-website',
      cookie,
      headers: { accept: 'text/event-stream' },
      payload: { prompt: `Cake shop ${marker}` },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = response.body
      .split('\n\n')
      .filter((block) => block.startsWith('event:'))
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n');
        return {
          event: eventLine!.slice('event: '.length),
          data: JSON.parse(dataLine!.slice('data: '.length)) as { step?: string },
        };
      });
    expect(events.map((event) => `${event.event}:${event.data.step ?? ''}`)).toEqual([
      'step:plan',
      'step:generate',
      'step:check',
      'step:screenshot',
      'result:',
    ]);
    const result = BuildResultSchema.parse(events.at(-1)!.data);
    expect(result.html).toContain('Cakes to order.');
    expect(result.steps).toEqual(events.slice(0, -1).map((event) => event.data));
  });

  it('builds the professional site with the strongest model the plan allows, with more refinement', async () => {
    const { cookie } = await createSignedInUser(t.db, {
      subscriptionTier: 'ultimate',
      subscriptionExpiry: null,
    });
    const free = await createSignedInUser(t.db);
    const marker = token();
    fake.whenAll([STAGE.write, marker], {
      chunks: [page('<div style="width: 1000px">Wide banner</div>')],
    });
    fake.whenAll([STAGE.refine, marker], {
      chunks: [page('<div style="width: 1000px">Still wide banner</div>')],
    });

    const response = await build(
      t,
      cookie,
      { prompt: `Wedding cakes ${marker}` },
      '/api/codehub/build-professional-website',
    );
    expect(response.statusCode, response.body).toBe(200);
    const writes = fake.requestsWithAll(STAGE.write, marker);
    expect(writes[0]!.body.model).toBe('gpt-5');
    // One round by default plus two for the professional build, while the findings remain.
    expect(fake.requestsWithAll(STAGE.refine, marker)).toHaveLength(3);

    const freeMarker = token();
    fake.whenAll([STAGE.write, freeMarker], { chunks: [page('<p>Birthday cakes.</p>')] });
    await build(
      t,
      free.cookie,
      { prompt: `Birthday cakes ${freeMarker}` },
      '/api/codehub/build-professional-website',
    );
    expect(fake.requestsWithAll(STAGE.write, freeMarker)[0]!.body.model).toBe('gpt-4o');
  });

  it('keeps another user’s private site a 404 on every route until it is published', async () => {
    const owner = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    const marker = token();
    fake.whenAll([STAGE.write, marker], { chunks: [page('<p>Private recipes.</p>')] });
    const site = await built(owner.cookie, { prompt: `Recipes ${marker}` });
    const base = `/api/codehub/websites/${site.projectId}`;
    const routes = [
      ['GET', base],
      ['PATCH', base],
      ['DELETE', base],
      ['GET', `${base}/screenshot`],
      ['GET', `${base}/view`],
      ['GET', `${base}/download`],
    ] as const;
    for (const [method, url] of routes) {
      const response = await api(t.app, {
        method,
        url,
        cookie: other.cookie,
        ...(method === 'PATCH' ? { payload: { isPublic: true } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: WEBSITE_BUILDER_MESSAGES.notFound,
      });
    }
    const gallery = () =>
      api(t.app, {
        method: 'GET',
        url: '/api/codehub/websites?scope=public',
        cookie: other.cookie,
      });
    expect((await gallery()).json<{ items: { projectId: string }[] }>().items).not.toContainEqual(
      expect.objectContaining({ projectId: site.projectId }),
    );

    const published = await api(t.app, {
      method: 'PATCH',
      url: base,
      cookie: owner.cookie,
      payload: { isPublic: true },
    });
    expect(published.json()).toMatchObject({ isPublic: true });
    expect((await gallery()).json<{ items: { projectId: string }[] }>().items).toContainEqual(
      expect.objectContaining({ projectId: site.projectId, isOwner: false }),
    );
    // Everyone signed in may look at a public site; only the owner may change it.
    const seen = await api(t.app, { method: 'GET', url: base, cookie: other.cookie });
    expect(seen.json()).toMatchObject({ isOwner: false, viewCount: 1 });
    await expectScreenshot(t, other.cookie, site.screenshotUrl);
    for (const [method, url] of routes.slice(1, 3)) {
      const response = await api(t.app, {
        method,
        url,
        cookie: other.cookie,
        ...(method === 'PATCH' ? { payload: { isPublic: false } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }

    const removed = await api(t.app, { method: 'DELETE', url: base, cookie: owner.cookie });
    expect(removed.statusCode).toBe(204);
    const gone = await api(t.app, { method: 'GET', url: base, cookie: owner.cookie });
    expect(gone.statusCode).toBe(404);
  });

  it('builds one site at a time per user', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const marker = token();
    fake.whenAll([STAGE.write, marker], {
      chunks: [page('<p>Slowly baked.</p>')],
      firstChunkDelayMs: 1_500,
    });

    const first = build(t, cookie, { prompt: `Slow bread ${marker}` });
    await until(
      () => fake.requestsWithAll(STAGE.write, marker).length,
      (count) => count === 1,
    );
    const second = await build(t, cookie, { prompt: `Another bread ${marker}` });

    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      message: WEBSITE_BUILDER_MESSAGES.busy,
    });
    expect((await first).statusCode).toBe(200);
  });

  it('asks for a login', async () => {
    const response = await api(t.app, {
      method: 'POST',
      url: '/api/codehub/build-website',
      payload: { prompt: 'Anything' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the builder’s time limit', () => {
  let fast: TestContext;
  beforeAll(async () => {
    fast = await createTestApp(fake.env({ WEBSITE_BUILD_TIMEOUT_MS: '400' }));
  });
  afterAll(() => fast.close());

  it('answers 504 with the spec’s text when the build takes too long', async () => {
    const { cookie } = await createSignedInUser(fast.db);
    const marker = token();
    fake.whenAll([STAGE.write, marker], { hang: true });

    const response = await build(fast, cookie, { prompt: `Slow bakery ${marker}` });

    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      code: 'TIMEOUT_ERROR',
      statusCode: 504,
      message: 'Die Anfrage hat zu lange gedauert. Bitte versuche es später erneut.',
    });
    // The model's request was given up, not left open.
    const [request] = fake.requestsWithAll(STAGE.write, marker);
    await request!.finished;
    expect(request!.closedByClient).toBe(true);
  });
});

describe('the offline assistant', () => {
  let offline: TestContext;
  beforeAll(async () => {
    offline = await createTestApp();
  });
  afterAll(() => offline.close());

  it('builds a simple, real page from the built-in template with no AI provider', async () => {
    const { cookie } = await createSignedInUser(offline.db);
    const response = await build(offline, cookie, {
      prompt: 'A landing page for a bicycle repair shop called Speiche in Leipzig',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = BuildResultSchema.parse(response.json());

    expect(result.name).toBe('Speiche');
    expect(result.html).toMatch(/^<!DOCTYPE html>/);
    expect(result.html).toContain('<h1>Speiche</h1>');
    expect(result.html).toContain('bicycle repair shop');
    expect(findExternalUrls(result.html)).toEqual([]);
    expect(result.tags).toContain('bicycle');
    // German is the interface language of a new user, so the template speaks German.
    expect(result.html).toContain('Was wir bieten');
    expect(result.steps.map((step) => `${step.step}:${step.status}`)).toEqual([
      'plan:ok',
      'generate:ok',
      'check:ok',
      'screenshot:ok',
    ]);
    await expectScreenshot(offline, cookie, result.screenshotUrl);

    const mine = await api(offline.app, {
      method: 'GET',
      url: '/api/codehub/websites?scope=mine',
      cookie,
    });
    expect(mine.json()).toMatchObject({
      items: [{ projectId: result.projectId, name: 'Speiche', isOwner: true }],
      nextCursor: null,
    });
  });
});

describe('the daily build limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    // Free: 5 builds a day × 0.2 = 1.
    limited = await createTestApp({ RATE_LIMIT_FACTOR: '0.2' });
  });
  afterAll(() => limited.close());

  it('refuses a free user’s build past the plan’s daily number, with Retry-After', async () => {
    const { cookie } = await createSignedInUser(limited.db);
    const first = await build(limited, cookie, { prompt: 'A page for a flower shop' });
    expect(first.statusCode).toBe(200);

    const second = await build(limited, cookie, { prompt: 'A page for a second flower shop' });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'RATE_LIMIT_ERROR' });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);

    // Another plan's allowance is its own: an expert (50 × 0.2 = 10) still builds.
    const expert = await createSignedInUser(limited.db, {
      subscriptionTier: 'expert',
      subscriptionExpiry: null,
    });
    const paid = await build(limited, expert.cookie, { prompt: 'A page for a tea house' });
    expect(paid.statusCode).toBe(200);
  });
});
