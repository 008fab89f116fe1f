import { test as base, expect, type ConsoleMessage } from '@playwright/test';

/**
 * Failed loads a test provokes on purpose (Chromium logs each as a console error), by path: the
 * expected statuses, 0 for a request that never reached the server (offline).
 */
export type ExpectedLoadErrors = Record<string, number[]>;

const failureText = (status: number) => (status === 0 ? 'net::ERR_' : `status of ${status}`);

/**
 * A guest's GET /api/user answers 401: that is how the app learns it is logged out (spec
 * 01-core §7). That one is always expected; a test may name others (`expectedLoadErrors`).
 */
function isExpectedLoadError(message: ConsoleMessage, expected: ExpectedLoadErrors): boolean {
  const pathname = new URL(message.location().url, 'http://x').pathname;
  const statuses =
    pathname === '/api/user' ? [401, ...(expected[pathname] ?? [])] : expected[pathname];
  return (statuses ?? []).some((status) => message.text().includes(failureText(status)));
}

/**
 * The Playwright `test` for every e2e spec: a page that logs an error or throws fails the test
 * (STYLE.md habit 11), which also catches Content-Security-Policy violations.
 */
export const test = base.extend<{
  expectedLoadErrors: ExpectedLoadErrors;
  /** Other console errors a test provokes on purpose, e.g. a sandbox's blocked request. */
  expectedConsoleError: RegExp | undefined;
  failOnPageErrors: void;
}>({
  expectedLoadErrors: [{}, { option: true }],
  expectedConsoleError: [undefined, { option: true }],
  failOnPageErrors: [
    async ({ page, expectedLoadErrors, expectedConsoleError }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (
          message.type() === 'error' &&
          !isExpectedLoadError(message, expectedLoadErrors) &&
          !expectedConsoleError?.test(message.text())
        ) {
          problems.push(`console.error: ${message.text()} (${message.location().url})`);
        }
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use();
      expect(problems, 'the page reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
