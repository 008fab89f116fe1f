/**
 * Lighthouse accessibility scores of /, /auth and /settings (issue #4: each ≥ 95), in the
 * Debian Chromium (CHROME_PATH, default /usr/bin/chromium) against the real server with the built
 * client, started as the browser tests start it (tests/e2e/support/e2e-server.ts).
 *
 *   npm run bench -- lighthouse-a11y
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

process.env.E2E_PORT ??= '5065';
const { default: startServer, E2E_BASE_URL } = await import('../tests/e2e/support/e2e-server.ts');

const PAGES = ['/', '/auth', '/settings'];
const MINIMUM = 95;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const stopServer = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

let worst = 100;
try {
  console.log('| page | accessibility score | failed audits |');
  console.log('|---|---|---|');
  for (const page of PAGES) {
    const result = await lighthouse(`${E2E_BASE_URL}${page}`, {
      port: chrome.port,
      onlyCategories: ['accessibility'],
      output: 'json',
      logLevel: 'error',
    });
    const category = result?.lhr.categories.accessibility;
    const score = Math.round((category?.score ?? 0) * 100);
    worst = Math.min(worst, score);
    const failed = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (result?.lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    console.log(`| \`${page}\` | ${score} | ${failed.join(', ') || '—'} |`);
  }
} finally {
  chrome.kill();
  await stopServer();
}
console.log(`\nminimum ${MINIMUM}: lowest score ${worst}`);
process.exitCode = worst >= MINIMUM ? 0 : 1;
