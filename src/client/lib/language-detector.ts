import type { LanguageDetectorModule } from 'i18next';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
const LANGUAGE_COOKIE = 'i18next';
const LANGUAGE_QUERY = 'lng';

/** Storage can throw (private modes, blocked cookies): a missing value then. */
function read(get: () => string | null | undefined): string[] {
  try {
    const value = get();
    return value ? [value] : [];
  } catch {
    return [];
  }
}

function cookieValue(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

/**
 * The interface language candidates in spec 01-core §9's order — query string, cookie,
 * localStorage, sessionStorage, browser languages, the page's lang attribute — of which i18next
 * takes the first it supports. The choice is cached in localStorage. A dozen lines instead of
 * i18next-browser-languagedetector keep ~2 KB gzip out of every first load (budget, issue #4).
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    return [
      ...read(() => new URLSearchParams(window.location.search).get(LANGUAGE_QUERY)),
      ...read(() => cookieValue(LANGUAGE_COOKIE)),
      ...read(() => window.localStorage.getItem(LANGUAGE_STORAGE_KEY)),
      ...read(() => window.sessionStorage.getItem(LANGUAGE_STORAGE_KEY)),
      ...(navigator.languages ?? []),
      ...read(() => navigator.language),
      ...read(() => document.documentElement.lang),
    ];
  },
  cacheUserLanguage(language) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not stored: detection runs again next visit.
    }
  },
};
