import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './support/fixtures.ts';

/** The worker the e2e server serves (CLIENT_DIST_DIR in support/e2e-server.ts). */
const WORKER_FILE = path.resolve('dist/client/sw.js');

test('a new version asks the user once, in their language, and reloads with it on yes', async ({
  page,
}) => {
  test.setTimeout(150_000); // the worker's install below may take a minute on a busy machine
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await page.goto('/');
  // Installing precaches the whole app shell (about 400 files): on a busy CI machine, slow.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
  await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));

  // A new deployment: the same worker with other bytes is a new version to the browser.
  const released = await readFile(WORKER_FILE, 'utf8');
  await writeFile(WORKER_FILE, `${released}\n// next release\n`);
  try {
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    // Not awaited in the page: the question blocks the page until it is answered.
    await page.evaluate(() => {
      void navigator.serviceWorker.getRegistration().then((registration) => registration?.update());
    });
    await reloaded;
  } finally {
    await writeFile(WORKER_FILE, released);
  }

  await expect(page.getByRole('heading', { level: 1, name: 'Orbit Chat' })).toBeVisible();
  expect(await page.evaluate(() => 'beforeUpdate' in window), 'the page was reloaded').toBe(false);
  expect(questions).toEqual([
    'confirm: Eine neue Version von Orbit Chat ist verfügbar. Jetzt aktualisieren?',
  ]);
  const waiting = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
  );
  expect(waiting, 'the new version is active, none left waiting').toBeNull();
});
