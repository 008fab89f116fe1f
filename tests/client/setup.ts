import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { i18n, initI18n } from '#client/lib/i18n.ts';
// The app's runtime glue for Preact (decision 284), as main.tsx installs it.
import '#client/lib/preact-runtime.ts';
import { takeContractBreaks, takeUnhandledRequests } from './support/fake-server.ts';

// jsdom has no matchMedia (the name exists, undefined); the app asks it for theme and motion
// preferences, and uPlot (admin charts) for the pixel ratio.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom does not scroll; the virtualized message list keeps its place with these on prepend.
if (!('scrollBy' in Element.prototype)) Object.assign(Element.prototype, { scrollBy() {} });
if (!('scrollTo' in Element.prototype)) Object.assign(Element.prototype, { scrollTo() {} });

// jsdom has no modal dialogs; the app's dialogs (search, persona form, drawer) only need these.
if (!('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
}

// jsdom has no canvas; the admin charts (uPlot) draw on one. This context draws nothing.
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  const context: Record<string | symbol, unknown> = { canvas: this };
  return new Proxy(context, {
    get: (target, key) =>
      key in target ? target[key] : key === 'measureText' ? () => ({ width: 0 }) : () => {},
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
} as unknown as typeof HTMLCanvasElement.prototype.getContext;

// Nor Path2D, which uPlot builds its paths with: one that records nothing.
if (!('Path2D' in globalThis) || typeof globalThis.Path2D !== 'function') {
  Object.defineProperty(globalThis, 'Path2D', {
    configurable: true,
    value: class Path2D {
      constructor() {
        return new Proxy(this, {
          get: (target, key) => (key in target ? Reflect.get(target, key) : () => {}),
        });
      }
    },
  });
}

// Lazy pages and translation files are transformed on first use: allow for that.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  // German, the product's first language, unless a test switches.
  localStorage.setItem('i18nextLng', 'de');
  await initI18n();
});

/**
 * A test fails on a console.error, on a request the fake server does not answer and on a fake
 * answer that breaks the API contract, as the browser tests fail on page errors: each is a problem
 * a user would meet (or a test that proves nothing), whatever the test asserts. A test
 * that provokes an error on purpose silences console.error itself (vi.spyOn … mockImplementation).
 */
const consoleErrors: string[] = [];
/**
 * What jsdom lacks and browsers have: React warns about the HTML `search` element, which jsdom does
 * not know yet (Chromium does: the browser tests would catch a real unknown tag).
 */
const JSDOM_GAPS = [/^The tag <%s> is unrecognized in this browser\..* search$/];
const originalConsoleError = console.error;

beforeEach(() => {
  // What a test's tab kept (the composer's drafts) is not the next test's.
  sessionStorage.clear();
  consoleErrors.length = 0;
  takeUnhandledRequests();
  takeContractBreaks();
  console.error = (...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    if (!JSDOM_GAPS.some((gap) => gap.test(text))) consoleErrors.push(text);
    originalConsoleError(...args);
  };
});

afterEach(async () => {
  // What a test may change for itself is put back for the next: timers, the fake server and
  // other stubbed globals, spies, and the language (German).
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (i18n.language !== 'de') await i18n.changeLanguage('de');
  cleanup();
  console.error = originalConsoleError;
  expect(consoleErrors, 'console.error during the test').toEqual([]);
  expect(takeUnhandledRequests(), 'requests the fake server has no route for').toEqual([]);
  expect(takeContractBreaks(), 'fake answers that break the API contract').toEqual([]);
});
