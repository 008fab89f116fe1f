import type { LanguageOption } from './settings-options.ts';

/**
 * Each language under its own name, so anyone finds theirs whatever is shown now. Its own module:
 * only the settings and persona screens need it, not the first screen that loads the options.
 */
export const LANGUAGE_NAMES: Record<LanguageOption, string> = {
  de: 'Deutsch',
  en: 'English',
  zh: '中文',
  mk: 'Македонски',
  sq: 'Shqip',
  ko: '한국어',
};
