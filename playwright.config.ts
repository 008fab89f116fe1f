import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './tests/e2e/support/e2e-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.test-data/e2e-results',
  globalSetup: './tests/e2e/support/e2e-server.ts',
  workers: 2,
  // Registration hashes passwords (argon2) on the same two cores as the browsers: allow for it.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // One retry: on this shared 2-core machine a browser test now and then misses a timing. A test
  // that passes only on its retry is named at the end of `npm test` (scripts/test.mjs), never
  // hidden; one that fails twice fails the run.
  retries: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.test-data/playwright.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    locale: 'de-DE',
    // The starfield redraws a full-screen canvas 15 times a second in every open page: in two
    // headless browsers that is most of a core. Tests of the starfield ask for motion themselves.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
