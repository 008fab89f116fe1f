import { describe, expect, it } from 'vitest';
import { decodeSearchCursor, encodeSearchCursor } from '#shared/search/search-schemas.ts';
import { buildSnippet, parseSearchTerms } from '#shared/search/search-snippet.ts';
import { filterMessages } from '#client/features/chat/filter-messages.ts';

const cut = (snippet: { text: string; highlights: { start: number; end: number }[] }) =>
  snippet.highlights.map(({ start, end }) => snippet.text.slice(start, end));

describe('parseSearchTerms', () => {
  it('reads words apart from quotes, OR, exclusions and repeats', () => {
    expect(parseSearchTerms('"Urlaub Italien" or -Spanien urlaub  Rom')).toEqual({
      phrase: 'Urlaub Italien or -Spanien urlaub Rom',
      terms: ['Urlaub', 'Italien', 'Rom'],
      excluded: ['Spanien'],
      hasOr: true,
    });
  });

  it('keeps at most eight terms', () => {
    expect(parseSearchTerms('a b c d e f g h i j').terms).toHaveLength(8);
  });
});

describe('buildSnippet', () => {
  it('highlights every occurrence, case-insensitively, in plain text', () => {
    const snippet = buildSnippet('Katze und KATZE und katzenhaft', parseSearchTerms('katze'));
    expect(cut(snippet)).toEqual(['Katze', 'KATZE', 'katze']);
  });

  it('prefers the whole phrase over its words and merges touching ranges', () => {
    const snippet = buildSnippet('Wir lieben New York sehr', parseSearchTerms('new york'));
    expect(cut(snippet)).toEqual(['New York']);
  });

  it('collapses whitespace and newlines', () => {
    const snippet = buildSnippet('Zeile eins\n\n  Zeile   zwei', parseSearchTerms('zwei'));
    expect(snippet.text).toBe('Zeile eins Zeile zwei');
    expect(cut(snippet)).toEqual(['zwei']);
  });

  it('cuts a window around the first match with ellipses, on word edges', () => {
    const text = `${'vorher '.repeat(50)}Treffer ${'nachher '.repeat(50)}`;
    const snippet = buildSnippet(text, parseSearchTerms('treffer'), 80);
    expect(snippet.text.length).toBeLessThanOrEqual(82);
    expect(snippet.text).toMatch(/^…vorher .* nachher…$/);
    expect(cut(snippet)).toEqual(['Treffer']);
  });

  it('shows the beginning when nothing matches literally (a fuzzy hit)', () => {
    const snippet = buildSnippet('Krankenversicherung ist teuer', parseSearchTerms('versicherumg'));
    expect(snippet).toEqual({ text: 'Krankenversicherung ist teuer', highlights: [] });
  });

  it('never splits a character outside the BMP at the window edge', () => {
    const text = `${'😀'.repeat(100)}x${'😀'.repeat(100)}`;
    const snippet = buildSnippet(text, parseSearchTerms('x'), 41);
    const body = snippet.text.replaceAll('…', '');
    expect(body).toMatch(/^(😀)*x(😀)*$/u);
    expect(cut(snippet)).toEqual(['x']);
  });

  it('matches Chinese and Korean inside words', () => {
    expect(cut(buildSnippet('我们明天去北京旅游', parseSearchTerms('北京')))).toEqual(['北京']);
    expect(cut(buildSnippet('저는 서울에 살아요', parseSearchTerms('서울')))).toEqual(['서울']);
  });

  it('treats regular-expression characters in the query literally', () => {
    const snippet = buildSnippet(
      'Kosten (brutto) 3.50 $ und 3x50',
      parseSearchTerms('3.50 (brutto)'),
    );
    expect(cut(snippet)).toEqual(['(brutto)', '3.50']);
  });
});

describe('search cursor', () => {
  it('round-trips an offset and rejects anything else', () => {
    expect(decodeSearchCursor(encodeSearchCursor(40))).toBe(40);
    expect(decodeSearchCursor('garbage!')).toBeNull();
    expect(decodeSearchCursor(encodeSearchCursor(5000))).toBeNull();
  });
});

describe('ß and ss', () => {
  it('highlight each other in snippets', () => {
    const snippet = buildSnippet('Treffpunkt: Hauptstrasse 5, vor der STRASSENBAHN', {
      phrase: 'Straße',
      terms: ['Straße'],
    });
    expect(snippet.highlights.map(({ start, end }) => snippet.text.slice(start, end))).toEqual([
      'strasse',
      'STRASSE',
    ]);
  });

  it('find each other in the in-chat filter, either way round', () => {
    const messages = [{ content: 'Die Straße ist lang' }, { content: 'In der Hauptstrasse' }];
    expect(filterMessages(messages, 'strasse')).toEqual(messages);
    expect(filterMessages(messages, 'STRAẞE')).toEqual(messages);
    expect(filterMessages(messages, 'Haupt')).toEqual([messages[1]]);
  });
});
