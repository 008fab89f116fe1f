import type { SubscriptionTier } from '#shared/plans/tiers.ts';

/**
 * How much of a PDF reaches the model per message (spec 02 §9 "Document chunks: Premium 1,
 * Expert 3, Ultimate 5"); free is our choice, docs/decisions/020-pdf-chunks-for-free.md.
 * ~4,000 characters is about 1,000 tokens of English or German text.
 */
export const PDF_CHUNK_POLICY: Record<SubscriptionTier, { chunks: number; chunkChars: number }> = {
  free: { chunks: 1, chunkChars: 2_000 },
  pro: { chunks: 1, chunkChars: 4_000 },
  premium: { chunks: 1, chunkChars: 4_000 },
  expert: { chunks: 3, chunkChars: 4_000 },
  ultimate: { chunks: 5, chunkChars: 4_000 },
};

export interface PageText {
  pageNumber: number;
  text: string;
}

/** Splits text longer than max at the last line break, sentence end or space that fits. */
function splitLong(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const cut = [/\n(?=[^\n]*$)/, /[.!?。！？](?=\s[^.!?。！？]*$)/, /\s(?=\S*$)/]
      .map((boundary) => window.search(boundary))
      .find((index) => index > max / 2);
    const end = cut === undefined ? max : cut + 1;
    pieces.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).trimStart();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

/**
 * Packs pages into chunks of at most maxChars on paragraph boundaries; each page starts with a
 * "[Page N]" marker so the model can cite it. Paragraphs longer than a chunk are split at line,
 * sentence or word boundaries. Only as many chunks as `limit` are built.
 */
export function chunkPages(pages: PageText[], maxChars: number, limit = Infinity): string[] {
  const chunks: string[] = [];
  let current = '';
  const push = (piece: string) => {
    if (current !== '' && current.length + 2 + piece.length > maxChars) {
      chunks.push(current);
      current = '';
    }
    current = current === '' ? piece : `${current}\n\n${piece}`;
  };
  for (const page of pages) {
    const paragraphs = page.text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean);
    paragraphs.forEach((paragraph, index) => {
      const text = index === 0 ? `[Page ${page.pageNumber}]\n${paragraph}` : paragraph;
      for (const piece of splitLong(text, maxChars)) push(piece);
    });
    if (chunks.length >= limit) return chunks.slice(0, limit);
  }
  if (current !== '') chunks.push(current);
  return chunks.slice(0, limit);
}
