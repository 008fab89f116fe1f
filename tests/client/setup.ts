import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '#client/lib/i18n.ts';

// jsdom has no matchMedia; the app asks it for theme and motion preferences.
if (!('matchMedia' in window)) {
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

// Lazy pages and translation files are transformed on first use: allow for that.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  // German, the product's first language, unless a test switches.
  localStorage.setItem('i18nextLng', 'de');
  await initI18n();
});

afterEach(() => {
  cleanup();
});
