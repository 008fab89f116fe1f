import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN, E2E_BASE_URL } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';
import { measureRoute, type RouteWeight } from './support/route-weight.ts';

/**
 * Issue 16 item 4: every script a signed-in browser loads per route, at network idle, against
 * bench/route-budgets.json (KB gzip). `npm run bench -- route-weight` prints the same figures.
 */
const BUDGETS = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../bench/route-budgets.json'), 'utf8'),
) as { target: number; routes: Record<string, { js: number; css: number }> };

test('each route a signed-in user opens stays within its script and style budget, its API answers compressed', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  // The administrator reaches every area, /admin included.
  const login = await page.request.post('/api/login', {
    data: E2E_ADMIN,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(login.status()).toBe(200);
  // A conversation with a reply (the fake upstream's), as a returning user opens it.
  const chat = await page.request.post('/api/chat', {
    data: { message: 'Hallo, wie geht es?', conversationId: null },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(chat.status()).toBe(200);
  const { conversationId } = (await chat.json()) as { conversationId: string };
  const storageState = await page.context().storageState();
  const options = { storageState, locale: 'de-DE' };

  const results: RouteWeight[] = [];
  for (const route of Object.keys(BUDGETS.routes)) {
    const url = route.replace(':id', conversationId);
    results.push(
      await measureRoute(browser, E2E_BASE_URL, url, options, async (opened) => {
        if (route === '/chat/:id') {
          await expect(
            opened.getByRole('article', { name: 'Antwort des Assistenten' }),
          ).toBeVisible();
        } else {
          await expect(opened.getByRole('heading', { level: 1 }).first()).toBeVisible();
        }
      }),
    );
    results.at(-1)!.route = route;
  }
  if (process.env.ROUTE_WEIGHT_REPORT) {
    writeFileSync(process.env.ROUTE_WEIGHT_REPORT, JSON.stringify(results, null, 2));
  }
  const over = results.flatMap(({ route, jsKb, cssKb, scripts }) => {
    const budget = BUDGETS.routes[route]!;
    const largest = scripts
      .slice(0, 5)
      .map((file) => `${path.basename(file.path)} ${file.gzipKb.toFixed(1)}`)
      .join(', ');
    return [
      ...(jsKb > budget.js
        ? [`${route}: JS ${jsKb.toFixed(1)} KB > ${budget.js} KB (largest: ${largest})`]
        : []),
      ...(cssKb > budget.css ? [`${route}: CSS ${cssKb.toFixed(1)} KB > ${budget.css} KB`] : []),
    ];
  });
  expect(over, 'routes over bench/route-budgets.json').toEqual([]);
  // What the page reads travels compressed too (decision 302): a phone waits for these bytes.
  const uncompressed = results.flatMap(({ route, api }) =>
    api
      .filter((answer) => answer.decodedKb >= 1 && answer.transferredKb >= answer.decodedKb)
      .map((answer) => `${route}: ${answer.path} ${answer.decodedKb.toFixed(1)} KB`),
  );
  expect(uncompressed, 'API answers of 1 KB and more sent uncompressed').toEqual([]);
});
