import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/users.ts';
import { websiteProjects } from '#server/db/schema/website-builder.ts';
import { STAGE } from '#server/features/website-builder/site-author.ts';
import { BuildResultSchema } from '#shared/codehub/website-builder-schemas.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/**
 * Adversarial review of the website builder (decisions 345, 346): what the model writes cannot
 * lose a finished build, and the daily number of builds is the user's, whatever their plan.
 */

// No browser: the screenshot step reports no-browser at once, so builds are quick.
const NO_BROWSER = { CHROMIUM_PATH: '/nonexistent/chromium' };
const QUICK = { iterativeRefinement: false, saveToPreviousComponents: true, maxRefinementSteps: 0 };

const build = (t: TestContext, cookie: string, prompt: string) =>
  api(t.app, {
    method: 'POST',
    url: '/api/codehub/build-website',
    cookie,
    payload: { prompt, options: QUICK },
  });

const PAGE = (heading: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bakery</title><style>body { font: 18px system-ui, sans-serif; color: #111; background: #fff; }</style>
</head><body><h1>${heading}</h1><p>Fresh sourdough every morning in Berlin.</p></body></html>`;

describe('what a model writes into a website build', () => {
  let fake: FakeAi;
  let t: TestContext;
  beforeAll(async () => {
    fake = await FakeAi.start();
    t = await createTestApp({ ...fake.env(), ...NO_BROWSER });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('stores the site when the model writes U+0000 in its plan or page, instead of failing with 500', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    fake.whenAll([STAGE.plan, 'nul-bakery'], {
      chunks: [
        '{"name": "Sonnen\\u0000brot", "description": "Fresh\\u0000 bread", "tags": ["bread\\u0000"], "sections": ["Home"]}',
      ],
    });
    fake.whenAll([STAGE.write, 'nul-bakery'], { chunks: [PAGE('Sonnen\u0000brot')] });

    const response = await build(t, cookie, 'A bakery nul-bakery');

    expect(response.statusCode, response.body).toBe(200);
    const result = BuildResultSchema.parse(response.json());
    expect(result).toMatchObject({
      name: 'Sonnenbrot',
      description: 'Fresh bread',
      tags: ['bread'],
    });
    expect(result.html).toContain('<h1>Sonnenbrot</h1>');
    const stored = await t.db
      .select({ name: websiteProjects.name, html: websiteProjects.htmlContent })
      .from(websiteProjects)
      .where(eq(websiteProjects.userId, user.id));
    expect(stored).toEqual([{ name: 'Sonnenbrot', html: result.html }]);
  });

  it('never cuts a long name in half a character: the answer and the stored site agree', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const name = `${'a'.repeat(99)}🍞`;
    fake.whenAll([STAGE.plan, 'long-name-bakery'], {
      chunks: [
        JSON.stringify({
          name,
          description: 'Bread',
          tags: [`${'b'.repeat(59)}🥐`],
          sections: ['Home'],
        }),
      ],
    });
    fake.whenAll([STAGE.write, 'long-name-bakery'], { chunks: [PAGE('Bread')] });

    const response = await build(t, cookie, 'A bakery long-name-bakery');

    expect(response.statusCode, response.body).toBe(200);
    const result = BuildResultSchema.parse(response.json());
    expect(result.name).toBe('a'.repeat(99));
    expect(result.tags).toEqual(['b'.repeat(59)]);
    const site = await api(t.app, {
      method: 'GET',
      url: `/api/codehub/websites/${result.projectId}`,
      cookie,
    });
    expect(site.json()).toMatchObject({ name: 'a'.repeat(99), tags: ['b'.repeat(59)] });
  });
});

describe('the daily number of builds when the plan changes within the day', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Free 5 × 0.2 = 1 build a day, premium 20 × 0.2 = 4, expert 50 × 0.2 = 10; offline author.
    t = await createTestApp({ RATE_LIMIT_FACTOR: '0.2', ...NO_BROWSER });
  });
  afterAll(() => t.close());

  const setPlan = (userId: number, tier: string, expiry: Date | null) =>
    t.db
      .update(users)
      .set({ subscriptionTier: tier, subscriptionExpiry: expiry })
      .where(eq(users.id, userId));

  it('counts the builds made on the old plan against the new plan’s number', async () => {
    const { user, cookie } = await createSignedInUser(t.db, {
      subscriptionTier: 'expert',
      subscriptionExpiry: null,
    });
    expect((await build(t, cookie, 'A page for a tea house')).statusCode).toBe(200);
    expect((await build(t, cookie, 'A page for a second tea house')).statusCode).toBe(200);

    // The subscription lapses: the free plan's one build a day is used up already.
    await setPlan(user.id, 'expert', new Date(Date.now() - 60_000));
    const lapsed = await build(t, cookie, 'A page for a third tea house');
    expect(lapsed.statusCode).toBe(429);
    expect(lapsed.json()).toMatchObject({ code: 'RATE_LIMIT_ERROR' });
    expect(Number(lapsed.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
  });

  it('gives an upgraded user the rest of the new plan’s number, not a fresh one', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    expect((await build(t, cookie, 'A page for a flower shop')).statusCode).toBe(200);
    expect((await build(t, cookie, 'A page for a second flower shop')).statusCode).toBe(429);

    await setPlan(user.id, 'premium', null);
    const statuses = [];
    for (const shop of ['third', 'fourth', 'fifth', 'sixth']) {
      statuses.push((await build(t, cookie, `A page for a ${shop} flower shop`)).statusCode);
    }
    // Four a day on premium: the free build counts, the refused attempt does not.
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
