import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, languageDetector } from '#client/lib/language-detector.ts';

const detect = () => languageDetector.detect() as string[];

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie = 'i18next=; max-age=0';
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('interface language detection (spec 01-core §9 order)', () => {
  it('puts the query string first, then cookie, localStorage, sessionStorage and the browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ko-KR', 'en']);
    window.sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'sq');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'mk');
    document.cookie = 'i18next=zh';
    window.history.replaceState(null, '', '/chat?lng=en');
    expect(detect().slice(0, 6)).toEqual(['en', 'zh', 'mk', 'sq', 'ko-KR', 'en']);
  });

  it('falls back to the browser languages when nothing is stored', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['sq-AL']);
    expect(detect()[0]).toBe('sq-AL');
  });

  it('remembers the chosen language in localStorage', () => {
    languageDetector.cacheUserLanguage?.('ko');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
    expect(detect()[0]).toBe('ko');
  });

  it('survives storage that refuses access', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    expect(detect()).toContain('de-DE');
  });
});
