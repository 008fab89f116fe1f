import { expect, test } from './support/fixtures.ts';

// Offline, the app's calls fail before reaching a server; that is the point of this test.
test.use({
  expectedLoadErrors: {
    '/api/user': [0],
    '/healthz': [0],
    '/api/plans': [0],
    '/api/app-config': [0],
  },
});

test('the manifest is served and the app shell works offline after the first visit', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000); // the worker's install below may take a minute on a busy machine
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect(await manifest.json()).toMatchObject({
    name: 'Orbit Chat',
    start_url: '/',
    display: 'standalone',
    icons: expect.arrayContaining([expect.objectContaining({ sizes: '512x512' })]),
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Orbit Chat' })).toBeVisible();
  // The worker registers from a module (no inline script under the CSP) and takes control.
  // Installing precaches the whole app shell (about 400 files): on a busy CI machine, slow.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });

  await context.setOffline(true);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Preise' })).toBeVisible();
  // Prices live only on the server (decision 080): offline the page says it cannot read them.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Die Pläne konnten nicht geladen werden' }),
  ).toBeVisible({ timeout: 30_000 });
  await context.setOffline(false);
});
