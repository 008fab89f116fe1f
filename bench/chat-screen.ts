/**
 * The chat screen at scale (issue #5), in the Debian Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium) against the real server with the built client and a fake AI upstream:
 *
 * - open: a 10,000-message conversation, from /chat by in-app navigation (and as a cold page
 *   load) until its newest message is on screen; baseline: a 20-message conversation. Target
 *   ≤ 300 ms.
 * - scroll: 300 frames of fast upward scrolling (frame times, long tasks, DOM size), and the
 *   time to page back to the very first message.
 * - streaming: main-thread long tasks (PerformanceObserver 'longtask') while a reply streams at
 *   50 tokens/s into the long conversation; baseline: the same reply in the short one. Target:
 *   no task over 50 ms.
 * - sidebar: DOM nodes of the sidebar and of the mobile drawer with 10,000 conversations.
 *   Target: under 1,000.
 *
 *   npm run bench -- chat-screen
 */
import type { Page } from 'playwright-core';
import { mainThreadTime, startChatScreen } from './support/chat-screen-setup.ts';

/*
 * The page's globals for the functions run in Chromium, typed for the few calls made there (the
 * server's tsconfig, which checks bench/, has no DOM library).
 */
interface PageElement {
  textContent: string | null;
  scrollTop: number;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): { length: number };
}
declare const document: { querySelector(selector: string): PageElement | null };
declare const window: { longTasks: number[] };
declare const history: { pushState(data: null, unused: string, url: string): void };
declare function dispatchEvent(event: unknown): boolean;
declare const PopStateEvent: new (type: string) => unknown;
declare function requestAnimationFrame(callback: (time: number) => void): number;

const MESSAGES = 10_000;
const SMALL = 20;
const CONVERSATIONS = 10_000;
const OPEN_RUNS = 7;
const STREAM_TOKENS = 200;
const TARGET = { openMs: 300, longTaskMs: 50, sidebarNodes: 1000 };

const setup = await startChatScreen({
  conversationCount: CONVERSATIONS,
  messageCount: MESSAGES,
  smallMessageCount: SMALL,
  streamTokens: STREAM_TOKENS,
});
const { base, small, large, newPage } = setup;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 10) / 10;

/** In-app navigation (React Router follows popstate), timed until `text` shows in the list. */
async function openInApp(page: Page, conversationId: string, text: string) {
  return page.evaluate(
    async ({ to, needle }) => {
      const started = performance.now();
      const tasksBefore = window.longTasks.length;
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
      await new Promise<void>((resolve) => {
        const check = () => {
          const log = document.querySelector('[role=log]');
          if (log?.textContent?.includes(needle)) resolve();
          else requestAnimationFrame(check);
        };
        check();
      });
      const ms = performance.now() - started;
      const tasks = window.longTasks.slice(tasksBefore);
      return { ms, longestTask: Math.max(0, ...tasks) };
    },
    { to: `/chat/${conversationId}`, needle: text },
  );
}

async function leaveToNewChat(page: Page) {
  await page.evaluate(() => {
    history.pushState(null, '', '/chat');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForSelector('[role=log]', { state: 'detached' });
}

async function measureOpen(
  page: Page,
  conversation: { conversationId: string; lastContent: string },
) {
  const needle = conversation.lastContent.slice(0, 20);
  const runs: { ms: number; longestTask: number }[] = [];
  for (let run = 0; run <= OPEN_RUNS; run++) {
    const result = await openInApp(page, conversation.conversationId, needle);
    if (run > 0) runs.push(result); // the first run warms the chunks and caches
    await leaveToNewChat(page);
  }
  return {
    medianMs: median(runs.map((run) => run.ms)),
    maxMs: Math.max(...runs.map((run) => run.ms)),
    longestTask: Math.max(...runs.map((run) => run.longestTask)),
  };
}

const results: string[] = [];
const report = (line: string) => {
  results.push(line);
  console.log(line);
};

try {
  // --- open -------------------------------------------------------------------------------
  const page = await newPage();
  await page.goto(`${base}/chat`);
  await page.getByRole('textbox', { name: 'Nachricht' }).waitFor();
  const smallOpen = await measureOpen(page, small);
  const largeOpen = await measureOpen(page, large);
  report('| measure | baseline (20 messages) | 10,000 messages | ratio | target |');
  report('|---|---|---|---|---|');
  report(
    `| open from /chat, median of ${OPEN_RUNS} (ms) | ${round(smallOpen.medianMs)} | ${round(largeOpen.medianMs)} | ${round(largeOpen.medianMs / smallOpen.medianMs)}× | ≤ ${TARGET.openMs} |`,
  );
  report(
    `| open from /chat, slowest run (ms) | ${round(smallOpen.maxMs)} | ${round(largeOpen.maxMs)} | | |`,
  );
  report(
    `| longest main-thread task while opening (ms) | ${round(smallOpen.longestTask)} | ${round(largeOpen.longestTask)} | | |`,
  );

  const cold = async (conversation: { conversationId: string; lastContent: string }) => {
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      await page.goto(`${base}/chat/${conversation.conversationId}`);
      await page.waitForFunction(
        (needle) => document.querySelector('[role=log]')?.textContent?.includes(needle),
        conversation.lastContent.slice(0, 20),
        { polling: 'raf' },
      );
      times.push(await page.evaluate(() => performance.now()));
    }
    return median(times);
  };
  const coldSmall = await cold(small);
  const coldLarge = await cold(large);
  report(
    `| page load of /chat/{id} until the newest message shows, median of 3 (ms) | ${round(coldSmall)} | ${round(coldLarge)} | ${round(coldLarge / coldSmall)}× | |`,
  );

  // --- scroll -----------------------------------------------------------------------------
  const scrollTime = await mainThreadTime(page);
  const scroll = await page.evaluate(async () => {
    const log = document.querySelector('[role=log]')!;
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const tasksBefore = window.longTasks.length;
    const frames: number[] = [];
    let last = await frame();
    for (let step = 0; step < 300; step++) {
      log.scrollTop -= 600;
      const now = await frame();
      frames.push(now - last);
      last = now;
    }
    const tasks = window.longTasks.slice(tasksBefore);
    frames.sort((a, b) => a - b);
    return {
      p50: frames[Math.floor(frames.length / 2)]!,
      p95: frames[Math.floor(frames.length * 0.95)]!,
      longTasks: tasks.length,
      longestTask: Math.max(0, ...tasks),
      nodes: log.querySelectorAll('*').length,
      articles: log.querySelectorAll('article').length,
    };
  });
  report(
    `| fast scroll up, 300 frames × 600 px: frame time p50 / p95 (ms) | | ${round(scroll.p50)} / ${round(scroll.p95)} | | |`,
  );
  report(
    `| … long tasks during it: count / longest (ms) | | ${scroll.longTasks} / ${round(scroll.longestTask)} | | |`,
  );
  const scrollCpu = await scrollTime();
  report(
    `| … main-thread CPU time during it: tasks / script (ms) | | ${Math.round(scrollCpu.taskMs)} / ${Math.round(scrollCpu.scriptMs)} | | |`,
  );
  report(
    `| … DOM nodes in the list afterwards (messages rendered) | | ${scroll.nodes} (${scroll.articles}) | | constant |`,
  );
  const toStart = await page.evaluate(async (needle) => {
    const log = document.querySelector('[role=log]')!;
    const started = performance.now();
    while (!log.textContent?.includes(needle) && performance.now() - started < 120_000) {
      log.scrollTop = 0;
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
    return { ms: performance.now() - started, nodes: log.querySelectorAll('*').length };
  }, large.firstContent);
  report(
    `| scroll back to the first of 10,000 messages (pages of 300 loaded on the way) (ms) | | ${round(toStart.ms)} | | |`,
  );
  report(`| … DOM nodes in the list at the start | | ${toStart.nodes} | | constant |`);

  // --- streaming --------------------------------------------------------------------------
  const streamInto = async (conversationId: string) => {
    const streamPage = await newPage();
    await streamPage.goto(`${base}/chat/${conversationId}`);
    await streamPage.waitForSelector('[role=log] article');
    await streamPage.waitForTimeout(500);
    const input = streamPage.getByRole('textbox', { name: 'Nachricht' });
    await input.fill(`Erzähl mir etwas ${setup.streamMarker}`);
    const before = await streamPage.evaluate(() => window.longTasks.length);
    const cpuTime = await mainThreadTime(streamPage);
    const started = Date.now();
    await input.press('Enter');
    await streamPage.waitForSelector('[data-streaming]');
    await streamPage.waitForSelector('[data-streaming]', { state: 'detached', timeout: 60_000 });
    const seconds = (Date.now() - started) / 1000;
    const cpu = await cpuTime();
    const tasks = await streamPage.evaluate((from) => window.longTasks.slice(from), before);
    await streamPage.context().close();
    return { seconds, count: tasks.length, longest: Math.max(0, ...tasks), ...cpu };
  };
  const streamSmall = await streamInto(small.conversationId);
  const streamLarge = await streamInto(large.conversationId);
  report(
    `| reply of ${STREAM_TOKENS} tokens at 50 tokens/s: duration (s) | ${round(streamSmall.seconds)} | ${round(streamLarge.seconds)} | | |`,
  );
  report(
    `| … main-thread CPU time while it streams: tasks / script (ms) | ${Math.round(streamSmall.taskMs)} / ${Math.round(streamSmall.scriptMs)} | ${Math.round(streamLarge.taskMs)} / ${Math.round(streamLarge.scriptMs)} | | |`,
  );
  report(
    `| … long tasks while it streams: count / longest (ms) | ${streamSmall.count} / ${round(streamSmall.longest)} | ${streamLarge.count} / ${round(streamLarge.longest)} | | none over ${TARGET.longTaskMs} |`,
  );

  // --- sidebar ----------------------------------------------------------------------------
  const sidebarPage = await newPage();
  await sidebarPage.goto(`${base}/chat`);
  await sidebarPage.waitForSelector(`aside a[href^="/chat/"]`);
  await sidebarPage.waitForTimeout(1000);
  const sidebarNodes = await sidebarPage.evaluate(
    () => document.querySelector('aside')?.querySelectorAll('*').length ?? -1,
  );
  const drawerPage = await newPage({ width: 390, height: 844 });
  await drawerPage.goto(`${base}/chat`);
  await drawerPage.getByRole('button', { name: 'Menü öffnen' }).click();
  await drawerPage.waitForSelector('dialog[open] a[href^="/chat/"]');
  await drawerPage.waitForTimeout(1000);
  const drawerNodes = await drawerPage.evaluate(
    () => document.querySelector('dialog[open]')?.querySelectorAll('*').length ?? -1,
  );
  report(
    `| DOM nodes of the sidebar / mobile drawer with ${CONVERSATIONS} conversations | | ${sidebarNodes} / ${drawerNodes} | | < ${TARGET.sidebarNodes} |`,
  );

  const met =
    largeOpen.medianMs <= TARGET.openMs &&
    streamLarge.longest <= TARGET.longTaskMs &&
    sidebarNodes < TARGET.sidebarNodes &&
    drawerNodes < TARGET.sidebarNodes;
  console.log(`\ntargets ${met ? 'met' : 'NOT met'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  await setup.close();
}
