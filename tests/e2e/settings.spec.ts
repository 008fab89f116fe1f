import { loginByApi, registerInGerman } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test('theme, accent and font size apply at once and persist across reloads and devices', async ({
  page,
  browser,
}) => {
  const username = await registerInGerman(page);
  await page.goto('/settings');
  const html = page.locator('html');
  await expect(html).toHaveClass(/dark/);

  const saved = (field: string) =>
    page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        response.url().includes('/api/settings/') &&
        (response.request().postData() ?? '').includes(field),
    );
  let patch = saved('theme');
  await page.getByRole('group', { name: 'Farbschema' }).getByText('Hell').click();
  await expect(html).toHaveClass(/light/);
  expect((await patch).request().postDataJSON()).toEqual({ theme: 'hell' });

  patch = saved('accentColor');
  await page.getByRole('group', { name: 'Akzentfarbe' }).getByText('Petrol').click();
  await expect(html).toHaveAttribute('data-accent', 'teal');
  expect((await patch).request().postDataJSON()).toEqual({ accentColor: 'teal' });

  patch = saved('fontSize');
  await page.getByRole('group', { name: 'Schriftgröße' }).getByText('Groß (18 px)').click();
  await expect(html).toHaveCSS('font-size', '18px');
  await patch;

  await page.reload();
  await expect(html).toHaveClass(/light/);
  await expect(html).toHaveAttribute('data-accent', 'teal');
  await expect(html).toHaveCSS('font-size', '18px');
  await expect(page.getByRole('group', { name: 'Farbschema' }).getByLabel('Hell')).toBeChecked();

  // Another device: a fresh browser context with nothing cached locally.
  const other = await browser.newContext();
  const second = await other.newPage();
  await loginByApi(second, username);
  await second.goto('/settings');
  await expect(second.locator('html')).toHaveClass(/light/);
  await expect(second.locator('html')).toHaveAttribute('data-accent', 'teal');
  await expect(second.locator('html')).toHaveCSS('font-size', '18px');
  await other.close();
});

test('the stored language overrides the detected one', async ({ page, browser }) => {
  const username = await registerInGerman(page);
  await page.goto('/settings');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().includes('/api/settings/'),
  );
  await page.getByRole('group', { name: 'Sprache der Oberfläche' }).getByText('English').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect((await saved).request().postDataJSON()).toEqual({ language: 'en' });

  const other = await browser.newContext({ locale: 'de-DE' });
  const second = await other.newPage();
  await loginByApi(second, username);
  await second.goto('/');
  await expect(second.locator('html')).toHaveAttribute('lang', 'en');
  await expect(second.getByRole('link', { name: 'New chat' }).first()).toBeVisible();
  await other.close();
});

test('turning animations off removes the starfield', async ({ browser }) => {
  // The suite runs with reduced motion (playwright.config.ts); this user has no such preference.
  const context = await browser.newContext({ reducedMotion: 'no-preference' });
  const page = await context.newPage();
  await registerInGerman(page);
  await page.goto('/settings');
  await expect(page.getByTestId('starfield')).toHaveAttribute('data-stars', '400');
  await page.getByRole('switch', { name: 'Übergangsanimationen' }).click();
  await expect(page.getByTestId('starfield')).toHaveCount(0);
  await context.close();
});

test('no starfield and no transitions for users who prefer reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Orbit Chat' })).toBeVisible();
  await expect(page.getByTestId('starfield')).toHaveCount(0);
  // A style change applies at once: even a 0.01 ms transition leaves layout a frame behind, which
  // kept a long chat list from ever reaching its end (decision 296).
  const changed = await page.evaluate(() => {
    document.body.style.paddingTop = '37px';
    const transitions = document.getAnimations().filter((one) => one instanceof CSSTransition);
    return {
      paddingTop: getComputedStyle(document.body).paddingTop,
      transitions: transitions.length,
    };
  });
  expect(changed).toEqual({ paddingTop: '37px', transitions: 0 });
  await context.close();
});
