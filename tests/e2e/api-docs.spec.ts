import { expect, test } from './support/fixtures.ts';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

// Issue 10: the API reference at /api/docs renders the OpenAPI document under our CSP (no inline
// script); the fixture also fails the test on any console error, where Chromium reports
// violations too.
test('the API reference renders the OpenAPI document without a CSP violation', async ({ page }) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto('/api/docs');

  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
  // Swagger UI lays out a document of some 300 operations: on a busy CI machine, seconds.
  await expect(page.getByRole('heading', { name: /Orbit Chat API/ })).toBeVisible({
    timeout: 30_000,
  });
  // Tags start collapsed; opening one shows its operations.
  await page.locator('#operations-tag-auth').click();
  const login = page.locator('#operations-auth-post_api_login');
  await expect(login).toContainText('/api/login');
  await login.getByRole('button', { name: 'POST /api/login', exact: true }).click();
  await expect(login.getByText('Request body')).toBeVisible();
  await expect(login.getByText('username').first()).toBeVisible();
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
});
