import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '#shared/settings/settings-options.ts';
import { expect, test } from './support/fixtures.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../src/client/locales');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );
}

/** Every nested key of every namespace, e.g. 'nav.home' and 'common:nav.home'. */
const KEYS = readdirSync(path.join(LOCALES, 'de')).flatMap((file) => {
  const namespace = file.replace(/\.json$/, '');
  const tree = JSON.parse(readFileSync(path.join(LOCALES, 'de', file), 'utf8')) as Tree;
  // Top-level keys such as 'title' are ordinary words; they are checked with their namespace.
  return flatten(tree).flatMap(([key]) =>
    key.includes('.') ? [key, `${namespace}:${key}`] : [`${namespace}:${key}`],
  );
});

function common(language: string): Tree {
  return JSON.parse(readFileSync(path.join(LOCALES, language, 'common.json'), 'utf8')) as Tree;
}

const text = (tree: Tree, key: string) =>
  key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree) as string;

for (const language of LANGUAGES) {
  test(`the shell renders in ${language} with no raw keys`, async ({ page }) => {
    const strings = common(language);
    await page.goto(`/?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const nav = page.getByRole('navigation', { name: text(strings, 'nav.main') });
    for (const key of ['nav.home', 'nav.newChat', 'nav.history', 'nav.personas', 'nav.settings']) {
      await expect(nav.getByRole('link', { name: text(strings, key) })).toBeVisible();
    }
    // The choice is cached: the next page keeps the language without the query.
    for (const route of ['/settings', '/pricing', '/features', '/chat', '/admin', '/auth']) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const body = await page.locator('body').innerText();
      const raw = KEYS.filter((key) => body.includes(key));
      expect(raw, `raw translation keys on ${route}`).toEqual([]);
      expect(body).not.toMatch(/\{\{\w+\}\}/);
    }
  });
}

test('the browser language decides when nothing else does', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ko-KR' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('link', { name: '새 채팅' }).first()).toBeVisible();
  await context.close();
});
