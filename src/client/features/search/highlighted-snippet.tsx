import type { Snippet } from '#shared/search/search-schemas.ts';

export interface SnippetPart {
  text: string;
  highlighted: boolean;
}

/**
 * Cuts the snippet text at its highlight ranges (sorted, clamped, overlaps merged). The result
 * is rendered as text nodes, so nothing in a message can become markup.
 */
export function splitSnippet({ text, highlights }: Snippet): SnippetPart[] {
  const ranges = highlights
    .map(({ start, end }) => ({ start: Math.max(0, start), end: Math.min(text.length, end) }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const parts: SnippetPart[] = [];
  let position = 0;
  for (const range of ranges) {
    const start = Math.max(range.start, position);
    if (range.end <= start) continue;
    if (start > position) parts.push({ text: text.slice(position, start), highlighted: false });
    parts.push({ text: text.slice(start, range.end), highlighted: true });
    position = range.end;
  }
  if (position < text.length) parts.push({ text: text.slice(position), highlighted: false });
  return parts;
}

export function HighlightedSnippet({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {splitSnippet(snippet).map((part, index) =>
        part.highlighted ? (
          <mark key={index} className="rounded-sm bg-accent/30 px-0.5 text-fg">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
