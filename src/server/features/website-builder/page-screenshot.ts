import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { Finding } from './html-checks.ts';

/** Desktop first (the screenshot), then a phone width for the responsive check. */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** Time the page's own scripts and fonts get to settle before the picture is taken. */
const SETTLE_MS = 250;
/**
 * The most one rendering may take. A page whose script never yields would otherwise hold the
 * one browser slot (and every other user's build behind it) until the build's deadline.
 */
const RENDER_LIMIT_MS = 45_000;
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface Rendering {
  /** PNG of the desktop viewport; undefined when no browser is available. */
  png: Buffer | undefined;
  findings: Finding[];
  /** Requests the page tried to make (all refused). */
  blockedRequests: number;
}

/** One browser at a time per process: it takes most of a core while it renders. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
}

/**
 * Renders the page in headless Chromium with every network request refused (the page is set as
 * content; nothing else may load), takes a PNG of the first screen and measures what a refinement
 * can fix: a blank page, horizontal overflow on desktop and phone, text under 12 px, text below
 * WCAG AA contrast, script errors.
 */
export function renderPage(
  html: string,
  options: { chromiumPath: string; signal: AbortSignal; limitMs?: number },
): Promise<Rendering> {
  if (!existsSync(options.chromiumPath)) {
    return Promise.resolve({ png: undefined, findings: ['no-browser'], blockedRequests: 0 });
  }
  return oneAtATime(async () => {
    options.signal.throwIfAborted();
    // Loaded on the first build: playwright-core alone is ~85 MiB of an idle server's memory.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: options.chromiumPath,
      args: LAUNCH_ARGS,
    });
    const close = () => void browser.close().catch(() => {});
    options.signal.addEventListener('abort', close, { once: true });
    const limit = setTimeout(close, options.limitMs ?? RENDER_LIMIT_MS);
    try {
      return await inspect(browser, html);
    } catch (error) {
      // The page hung (closed at the limit) or crashed the tab: a finding, not a failed build.
      if (options.signal.aborted) throw error;
      return { png: undefined, findings: ['unresponsive'], blockedRequests: 0 };
    } finally {
      clearTimeout(limit);
      options.signal.removeEventListener('abort', close);
      await browser.close().catch(() => {});
    }
  });
}

async function inspect(browser: Browser, html: string): Promise<Rendering> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    offline: true,
    serviceWorkers: 'block',
    acceptDownloads: false,
    bypassCSP: false,
  });
  let blockedRequests = 0;
  await context.route('**/*', (route) => {
    blockedRequests += 1;
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket('**/*', (socket) => socket.close());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}));
  await page.setContent(html, { waitUntil: 'load', timeout: 0 });
  await page.waitForTimeout(SETTLE_MS);
  const png = await page.screenshot({ type: 'png', fullPage: false, timeout: 0 });
  const desktop = await page.evaluate<Measures>(MEASURE_PAGE);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(SETTLE_MS);
  const phone = await page.evaluate<Measures>(MEASURE_PAGE);
  await context.close();

  const findings: Finding[] = [];
  if (desktop.blank) findings.push('blank');
  if (desktop.overflow) findings.push('overflow');
  if (phone.overflow) findings.push('overflow-mobile');
  if (desktop.smallText > 0) findings.push('small-text');
  if (desktop.lowContrast > 0) findings.push('low-contrast');
  if (errors.length > 0) findings.push('script-error');
  return { png, findings, blockedRequests };
}

interface Measures {
  blank: boolean;
  overflow: boolean;
  smallText: number;
  lowContrast: number;
}

/**
 * Runs inside the page. Plain JavaScript in a string: a compiled function could carry the
 * bundler's helpers (e.g. esbuild's __name), which do not exist in the page.
 */
const MEASURE_PAGE = `(() => {
  const parse = (color) => {
    const match = /rgba?\\(([^)]+)\\)/.exec(color);
    if (!match) return undefined;
    const parts = match[1].split(/[,\\s/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts[3] ?? 1];
  };
  const channel = (value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  // The colour behind an element: the first opaque background up the tree (images: unknown).
  const backgroundOf = (element) => {
    for (let node = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none') return undefined;
      const colour = parse(style.backgroundColor);
      if (colour && colour[3] > 0.9) return colour;
    }
    return [255, 255, 255, 1];
  };
  const body = document.body;
  const visibleText = (body ? body.innerText : '').trim();
  const media = document.querySelectorAll('img, svg, canvas, video, picture');
  const blank = !body || (visibleText.length < 3 &&
    ![...media].some((element) => element.getBoundingClientRect().width > 20));
  const overflow = document.documentElement.scrollWidth > window.innerWidth + 1;
  let smallText = 0;
  let lowContrast = 0;
  const walker = document.createTreeWalker(body || document.documentElement, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || seen.has(element) || !(node.textContent || '').trim()) continue;
    seen.add(element);
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue;
    if (Number(style.opacity) === 0) continue;
    const size = parseFloat(style.fontSize);
    if (size < 12) smallText += 1;
    const foreground = parse(style.color);
    const background = backgroundOf(element);
    if (!foreground || !background || foreground[3] < 0.5) continue;
    const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
    const ratio = (light + 0.05) / (dark + 0.05);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) lowContrast += 1;
  }
  return { blank, overflow, smallText, lowContrast };
})()`;
