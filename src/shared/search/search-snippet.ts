import type { HighlightRange, Snippet } from './search-schemas.ts';
import { spellingVariants } from './spelling-variants.ts';

/** At most this many terms take part in substring matching and highlighting. */
export const SEARCH_TERMS_MAX = 8;
export const SNIPPET_LENGTH = 160;
/** Context kept before the first match, so the match is not at the very start of the snippet. */
const LEAD = 50;
/** How far a snippet edge may move to land on a space instead of cutting a word. */
const WORD_SNAP = 15;
const ELLIPSIS = '…';

export interface SearchTerms {
  /** The query as one phrase (quotes removed, spaces collapsed). */
  phrase: string;
  /** Words that must each occur as a substring; websearch exclusions (-word) and OR are left out. */
  terms: string[];
  /** Words after a '-': a message containing one of them is not a hit. */
  excluded: string[];
  /** Whether the query uses websearch OR, which only full-text matching understands. */
  hasOr: boolean;
}

/**
 * Splits a query the way the substring side of search reads it. Full-text matching reads the
 * same text with websearch_to_tsquery, which understands quotes, OR and -exclusions itself.
 */
export function parseSearchTerms(query: string): SearchTerms {
  const phrase = query.replaceAll('"', ' ').trim().replace(/\s+/g, ' ');
  const seen = new Set<string>();
  const terms: string[] = [];
  const excluded: string[] = [];
  let hasOr = false;
  for (const word of phrase.split(' ')) {
    if (word === '') continue;
    if (word.toLowerCase() === 'or') {
      hasOr = true;
      continue;
    }
    if (word.startsWith('-') && word.length > 1) {
      if (excluded.length < SEARCH_TERMS_MAX) excluded.push(word.slice(1));
      continue;
    }
    const key = word.toLowerCase();
    if (seen.has(key) || terms.length === SEARCH_TERMS_MAX) continue;
    seen.add(key);
    terms.push(word);
  }
  return { phrase, terms, excluded, hasOr };
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every case-insensitive occurrence of the phrase or a term, in any of their spellings (ß or ss),
 * longest alternatives first.
 */
function findMatches(text: string, needles: string[]): HighlightRange[] {
  const alternatives = [...new Set(needles.filter((n) => n !== '').flatMap(spellingVariants))]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  if (alternatives.length === 0) return [];
  const ranges: HighlightRange[] = [];
  for (const match of text.matchAll(new RegExp(alternatives.join('|'), 'giu'))) {
    ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The window [start, end) of at most `length` units around `focus`, on word edges where possible. */
function chooseWindow(text: string, focus: number, length: number) {
  if (text.length <= length) return { start: 0, end: text.length };
  let start = Math.max(0, focus - Math.min(LEAD, Math.floor(length / 3)));
  let end = Math.min(text.length, start + length);
  start = Math.max(0, end - length);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space - start <= WORD_SNAP && space < focus) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space !== -1 && end - space <= WORD_SNAP && space > start) end = space;
  }
  // Never cut a character outside the Basic Multilingual Plane in half.
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start++;
  if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  return { start, end };
}

/**
 * A short plain-text excerpt of `content` around the first match, with the matched stretches
 * as ranges into the excerpt. Whitespace (newlines included) is collapsed to single spaces.
 */
export function buildSnippet(
  content: string,
  { phrase, terms }: Pick<SearchTerms, 'phrase' | 'terms'>,
  length = SNIPPET_LENGTH,
): Snippet {
  const text = content.replace(/\s+/g, ' ').trim();
  const matches = findMatches(text, [phrase, ...terms]);
  const { start, end } = chooseWindow(text, matches[0]?.start ?? 0, length);
  const prefix = start > 0 ? ELLIPSIS : '';
  const suffix = end < text.length ? ELLIPSIS : '';

  const highlights: HighlightRange[] = [];
  for (const match of matches) {
    if (match.end <= start || match.start >= end) continue;
    const range = {
      start: Math.max(match.start, start) - start + prefix.length,
      end: Math.min(match.end, end) - start + prefix.length,
    };
    const last = highlights.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else highlights.push(range);
  }
  return { text: prefix + text.slice(start, end) + suffix, highlights };
}
