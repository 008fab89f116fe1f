import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/settings/settings-options.ts';

/**
 * Every user-visible string exists in all six languages (issue #4): per namespace, every language
 * has exactly German's keys, no empty value, and the same {{placeholders}}.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../src/client/locales');
const NAMESPACES = readdirSync(path.join(LOCALES, 'de'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [inner, leaf] of flatten(value, name)) entries.set(inner, leaf);
    } else {
      entries.set(name, value);
    }
  }
  return entries;
}

function load(language: string, namespace: string) {
  return flatten(
    JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as Tree,
  );
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it('has the same namespaces in every language', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(path.join(LOCALES, language)).filter((f) => f.endsWith('.json'));
      expect(files.map((f) => f.replace(/\.json$/, '')).sort(), language).toEqual(
        [...NAMESPACES].sort(),
      );
    }
  });

  for (const namespace of NAMESPACES) {
    describe(namespace, () => {
      const german = load('de', namespace);

      for (const language of LANGUAGES) {
        it(`${language} has every key of de, no extra key and no empty text`, () => {
          const strings = load(language, namespace);
          expect(
            [...german.keys()].filter((key) => !strings.has(key)),
            'missing keys',
          ).toEqual([]);
          expect(
            [...strings.keys()].filter((key) => !german.has(key)),
            'extra keys',
          ).toEqual([]);
          const empty = [...strings].filter(
            ([, value]) => typeof value !== 'string' || value.trim() === '',
          );
          expect(
            empty.map(([key]) => key),
            'empty texts',
          ).toEqual([]);
        });

        it(`${language} keeps the placeholders of every text`, () => {
          const strings = load(language, namespace);
          const wrong = [...german].filter(
            ([key, text]) =>
              strings.has(key) &&
              placeholders(text).join() !== placeholders(strings.get(key)).join(),
          );
          expect(wrong.map(([key]) => key)).toEqual([]);
        });
      }

      if (namespace !== 'common') return;
      it('keeps the spec texts of 01-core §2/§8 verbatim in German', () => {
        expect(german.get('loading.page')).toBe('Seite wird geladen...');
        expect(german.get('loading.auth')).toBe('Authentifizierung wird überprüft...');
        expect(german.get('guestBar.title')).toBe('Nicht angemeldet');
        expect(german.get('guestBar.text')).toBe(
          'Melden Sie sich an, um alle Funktionen zu nutzen',
        );
        expect(german.get('adminDenied.title')).toBe('Zugriff verweigert');
        expect(german.get('adminDenied.text')).toBe(
          'Sie benötigen Administratorrechte, um auf diese Seite zuzugreifen.',
        );
        expect(german.get('errorScreen.title')).toBe('Oops! Etwas ist schief gelaufen');
        expect(german.get('errorTitle.timeout')).toBe('⏱️ Zeitüberschreitung');
        expect(german.get('toast.successTitle')).toBe('✅ Erfolgreich');
      });
    });
  }
});
