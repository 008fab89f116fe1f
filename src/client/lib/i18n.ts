import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type LanguageOption as Language } from '#shared/settings/settings-options.ts';
import { languageDetector } from './language-detector.ts';
import deCommon from '../locales/de/common.json';

/** One namespace per area (STYLE.md); every file exists in every language (tests/unit/locales.test.ts). */
export const NAMESPACES = [
  'common',
  'auth',
  'settings',
  'pages',
  'chat',
  'messages',
  'composer',
  'history',
  'personas',
  'billing',
  'admin',
  'adminPredefined',
  'crypto',
  'referral',
  'profile',
  'adminSubscriptions',
  'adminConversations',
  'adminPerformance',
  'adminLogs',
  'admin-settings',
  'admin-provider-keys',
  'app-status',
  'apiKeys',
  'adminTokens',
  'adminUsers',
  'codehub',
  'codehubLive',
  'adminSecurity',
  'adminDashboard',
  'adminDatabase',
  'omnichannel',
  'omnichannelRules',
  'websiteBuilder',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const FALLBACK_LANGUAGE: Language = 'de';

// Each JSON file becomes its own chunk: a language is downloaded only when it is used. German's
// common texts are in the entry: every language loads them as its fallback, before the first paint.
const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  ...import.meta.glob<{ default: Record<string, unknown> }>([
    '../locales/*/*.json',
    '!../locales/de/common.json',
  ]),
  '../locales/de/common.json': () => Promise.resolve({ default: deCommon }),
};

/** Loads `locales/<lng>/<ns>.json`; a missing file is an error, never an HTML page (STACK-NOTES). */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      // `true` lets i18next retry (spec §9: up to 5 times from 350 ms, doubling).
      (error: unknown) => callback(error as Error, true),
    );
  },
};

export function isLanguage(value: string | undefined | null): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** The active interface language as one of the six (region subtags dropped). */
export function currentLanguage(): Language {
  const language = (i18n.resolvedLanguage ?? i18n.language ?? '').split('-')[0];
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}

function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language.split('-')[0] || FALLBACK_LANGUAGE;
}

/**
 * Spec 01-core §9 and 02 §4: detection order, localStorage cache, German fallback. Resolves once
 * the common texts are in; `namespaces`, the first page's (route-preload.ts), load beside them.
 */
export async function initI18n(namespaces: readonly Namespace[] = []): Promise<typeof i18n> {
  i18n.on('languageChanged', syncDocumentLanguage);
  const ready = i18n
    .use(lazyBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ns: ['common'],
      // The language is detected (synchronously) and its loads start before init() returns.
      initAsync: false,
      defaultNS: 'common',
      fallbackNS: 'common',
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
      // A key found in no language is a bug: make it loud (the e2e tests fail on console errors).
      saveMissing: true,
      missingKeyHandler: (_languages, namespace, key) =>
        console.error(`Missing translation: ${namespace}:${key}`),
    });
  // Downloading beside common, without holding the shell's first paint: the page suspends on them.
  if (namespaces.length > 0) void i18n.loadNamespaces([...namespaces]);
  await ready;
  syncDocumentLanguage(currentLanguage());
  return i18n;
}

export { i18n };
