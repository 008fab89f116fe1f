import type { Browser, BrowserContextOptions } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../../../dist/client');

export interface RouteWeight {
  route: string;
  /** Same-origin scripts (incl. module preloads) and style sheets the page requested, by path. */
  scripts: { path: string; gzipKb: number }[];
  styles: { path: string; gzipKb: number }[];
  jsKb: number;
  cssKb: number;
  /** The API answers the page read, as they crossed the network and once decoded. */
  api: { path: string; transferredKb: number; decodedKb: number }[];
}

/** gzip -9 of the built file, as bench/client-bundle.ts counts: the same figure on every run. */
function gzipKb(urlPath: string) {
  const bytes = readFileSync(path.join(DIST, decodeURIComponent(urlPath)));
  return gzipSync(bytes, { level: 9 }).length / 1024;
}

const sum = (files: { gzipKb: number }[]) => files.reduce((total, file) => total + file.gzipKb, 0);

/**
 * Opens `route` in a fresh context (no HTTP cache from an earlier route) and lists every script
 * and style sheet the page loaded until the network was idle, `ready` included (e.g. waiting for
 * a reply to render). Service-worker precache fetches are not the page's and are not counted.
 */
export async function measureRoute(
  browser: Browser,
  baseURL: string,
  route: string,
  options: BrowserContextOptions,
  ready?: (page: import('@playwright/test').Page) => Promise<void>,
): Promise<RouteWeight> {
  const context = await browser.newContext({ ...options, baseURL });
  const page = await context.newPage();
  const loaded = new Map<string, 'script' | 'stylesheet'>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const type = request.resourceType();
    if (url.origin !== new URL(baseURL).origin) return;
    if (type === 'script' || url.pathname.endsWith('.js')) loaded.set(url.pathname, 'script');
    else if (type === 'stylesheet' || url.pathname.endsWith('.css'))
      loaded.set(url.pathname, 'stylesheet');
  });
  const answers: Promise<RouteWeight['api'][number]>[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(baseURL).origin || !url.pathname.startsWith('/api/')) return;
    answers.push(
      Promise.all([request.sizes(), request.response().then((response) => response?.body())]).then(
        ([sizes, body]) => ({
          path: url.pathname,
          transferredKb: sizes.responseBodySize / 1024,
          decodedKb: (body?.length ?? 0) / 1024,
        }),
      ),
    );
  });
  await page.goto(route, { waitUntil: 'networkidle' });
  if (ready) {
    await ready(page);
    await page.waitForLoadState('networkidle');
  }
  const api = await Promise.all(answers);
  await context.close();
  const files = (kind: string) =>
    [...loaded]
      .filter(([, type]) => type === kind)
      .map(([file]) => ({ path: file, gzipKb: gzipKb(file) }))
      .sort((a, b) => b.gzipKb - a.gzipKb);
  const scripts = files('script');
  const styles = files('stylesheet');
  return { route, scripts, styles, jsKb: sum(scripts), cssKb: sum(styles), api };
}
