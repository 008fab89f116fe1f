/**
 * The plumbing of the chat-screen benchmark: the built client, the real server on an in-memory
 * PGlite with a fake AI upstream, the seeded data, and Chromium pages signed in as the seeded
 * user. The measuring is in bench/chat-screen.ts.
 */
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '#server/app.ts';
import { prepareDatabase } from '#server/bootstrap.ts';
import { openDatabase } from '#server/db/client.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/support/chromium.ts';
import { FakeAi } from '#tests/support/fake-ai/fake-ai-server.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { TEST_SECRET } from '#tests/support/test-app.ts';
import { seedChatScreen } from './chat-screen-seed.ts';
import { benchEnv } from './bench-env.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ChatScreenSetup {
  /** A reply streamed by the fake upstream at 50 tokens/s to messages holding this marker. */
  streamMarker: string;
  small: Awaited<ReturnType<typeof seedChatScreen>>['small'];
  large: Awaited<ReturnType<typeof seedChatScreen>>['large'];
  /** A new Chromium page signed in as the seeded user, recording long tasks from the start. */
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>;
  base: string;
  close(): Promise<void>;
}

export async function startChatScreen(options: {
  conversationCount: number;
  messageCount: number;
  smallMessageCount: number;
  streamTokens: number;
}): Promise<ChatScreenSetup> {
  const build = spawnSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('vite build failed');

  const streamMarker = '[stream50]';
  const fake = await FakeAi.start();
  // 50 tokens per second: one token every 20 ms.
  fake.when(streamMarker, {
    chunks: Array.from({ length: options.streamTokens }, (_, index) => `wort${index + 1} `),
    chunkDelayMs: 20,
  });
  const database = await openDatabase({ dataDir: null });
  await prepareDatabase(database, {});
  const env = benchEnv(fake.url, path.join(ROOT, 'dist/client'));
  const app = await buildApp({ env, database, secret: TEST_SECRET, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const seedStart = performance.now();
  const { user, cookie } = await createSignedInUser(database.db, { isAdmin: true });
  const { small, large } = await seedChatScreen(database.db, user.id, options);
  console.log(
    `seeded ${options.conversationCount} conversations, one with ${options.messageCount} ` +
      `messages, in ${Math.round(performance.now() - seedStart)} ms`,
  );

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return {
    streamMarker,
    small,
    large,
    base,
    newPage: (viewport) => newPage(browser, base, cookie, viewport),
    async close() {
      await browser.close();
      await app.close();
      await database.close();
      await fake.close();
    },
  };
}

async function newPage(
  browser: Browser,
  base: string,
  cookie: string,
  viewport = { width: 1280, height: 800 },
) {
  const [cookieName, cookieValue] = cookie.split('=') as [string, string];
  const context = await browser.newContext({ viewport, locale: 'de-DE' });
  await context.addCookies([{ name: cookieName, value: cookieValue, url: base }]);
  const page = await context.newPage();
  // tsx keeps function names with a `__name` helper the functions sent to the page refer to.
  await page.addInitScript('window.__name = (fn) => fn;');
  // Long tasks from the start of every document.
  await page.addInitScript(`
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  `);
  return page;
}

/**
 * The main thread's CPU time (Chromium's Performance metrics in thread ticks): unlike long tasks,
 * which grow when a loaded machine pauses the renderer, this counts only the work the page did.
 * Returns a function giving the time spent in tasks and in script since the call, in ms.
 */
export async function mainThreadTime(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
    return { task: value('TaskDuration') * 1000, script: value('ScriptDuration') * 1000 };
  };
  const start = await read();
  return async () => {
    const end = await read();
    await cdp.detach();
    return { taskMs: end.task - start.task, scriptMs: end.script - start.script };
  };
}
