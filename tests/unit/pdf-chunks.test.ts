import { describe, expect, it } from 'vitest';
import { chunkPages, PDF_CHUNK_POLICY } from '#server/features/files/pdf-chunks.ts';

const paragraph = (label: string, length: number) =>
  `${label} ${'Wort '.repeat(Math.ceil(length / 5))}`.slice(0, length).trim() + '.';

describe('chunkPages', () => {
  it('keeps a short document in one chunk with page markers', () => {
    const chunks = chunkPages(
      [
        { pageNumber: 1, text: 'Einleitung.\n\nZweiter Absatz.' },
        { pageNumber: 2, text: 'Schluss.' },
      ],
      4000,
    );
    expect(chunks).toEqual(['[Page 1]\nEinleitung.\n\nZweiter Absatz.\n\n[Page 2]\nSchluss.']);
  });

  it('splits between paragraphs and never exceeds the chunk size', () => {
    const pages = Array.from({ length: 6 }, (_, i) => ({
      pageNumber: i + 1,
      text: [paragraph(`A${i}`, 1500), paragraph(`B${i}`, 1500)].join('\n\n'),
    }));
    const chunks = chunkPages(pages, 4000);
    expect(chunks.length).toBeGreaterThanOrEqual(5);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(4000);
    // No paragraph is cut when paragraphs fit: each starts at a chunk or paragraph boundary.
    expect(
      chunks
        .join('\n\n')
        .split('\n\n')
        .every((p) => /^(\[Page \d+\]\n)?[AB]\d /.test(p)),
    ).toBe(true);
  });

  it('cuts an overlong paragraph at sentence or word boundaries', () => {
    const text = Array.from({ length: 200 }, (_, i) => `Satz Nummer ${i} endet hier.`).join(' ');
    const chunks = chunkPages([{ pageNumber: 3, text }], 1000);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(1000);
      expect(chunk.endsWith('.')).toBe(true);
    }
    expect(chunks[0]!.startsWith('[Page 3]\n')).toBe(true);
  });

  it('cuts text without any boundary hard at the limit', () => {
    const chunks = chunkPages([{ pageNumber: 1, text: 'x'.repeat(2500) }], 1000);
    expect(chunks.map((chunk) => chunk.length)).toEqual([1000, 1000, 509]);
  });

  it('builds no more chunks than asked for', () => {
    const pages = Array.from({ length: 50 }, (_, i) => ({
      pageNumber: i + 1,
      text: paragraph('P', 3000),
    }));
    expect(chunkPages(pages, 4000, 3)).toHaveLength(3);
    expect(chunkPages([], 4000, 3)).toEqual([]);
  });
});

describe('PDF_CHUNK_POLICY', () => {
  it('follows spec 02 §9 for paid tiers and gives free one short chunk', () => {
    expect(PDF_CHUNK_POLICY.premium.chunks).toBe(1);
    expect(PDF_CHUNK_POLICY.expert.chunks).toBe(3);
    expect(PDF_CHUNK_POLICY.ultimate.chunks).toBe(5);
    expect(PDF_CHUNK_POLICY.free).toEqual({ chunks: 1, chunkChars: 2000 });
  });
});
