import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * Noto Sans from npm, in fallback order: Latin, Greek and Cyrillic (German, English, Albanian,
 * Macedonian), then Simplified Chinese, then Korean. No single Noto font covers all six
 * interface languages (the CJK ones lack Macedonian Cyrillic letters, the Latin one has no
 * Han or Hangul), so each character is set in the first font that has it.
 */
const FONT_FILES = {
  regular: [
    ['@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'],
    ['@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'],
    ['@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'],
  ],
  bold: [
    ['@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'],
    ['@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'],
    ['@embedpdf/fonts-kr', 'NotoSansKR-Bold.otf'],
  ],
} as const;

export type FontWeight = keyof typeof FONT_FILES;

export interface FontSet {
  /** Per weight, the fonts in fallback order. */
  fonts: Record<FontWeight, fontkit.Font[]>;
  /** Index of the first font (same for both weights) that has a glyph for the code point. */
  fontFor(codePoint: number): number;
}

const require = createRequire(import.meta.url);

function loadFont(pkg: string, file: string): fontkit.Font {
  // The packages export only their JS entry (dist/); the fonts sit in fonts/ beside it.
  const entry = require.resolve(pkg);
  const buffer = readFileSync(path.join(path.dirname(entry), '..', 'fonts', file));
  return fontkit.create(buffer) as fontkit.Font;
}

let loaded: FontSet | undefined;

/** Loaded once per thread; fontkit parses tables lazily, so this is fast. */
export function loadFontSet(): FontSet {
  if (loaded) return loaded;
  const fonts = {
    regular: FONT_FILES.regular.map(([pkg, file]) => loadFont(pkg, file)),
    bold: FONT_FILES.bold.map(([pkg, file]) => loadFont(pkg, file)),
  };
  const choice = new Map<number, number>();
  const fontFor = (codePoint: number) => {
    let index = choice.get(codePoint);
    if (index === undefined) {
      index = fonts.regular.findIndex((font) => font.hasGlyphForCodePoint(codePoint));
      // No font has it (an emoji, say): the Latin font draws its missing-glyph box.
      if (index === -1) index = 0;
      choice.set(codePoint, index);
    }
    return index;
  };
  loaded = { fonts, fontFor };
  return loaded;
}
