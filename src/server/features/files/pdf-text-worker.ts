/**
 * Extracts a PDF's text page by page on a worker thread, so parsing a large or hostile PDF never
 * stalls the HTTP server's event loop (a 2,000-page PDF took ~11 s of CPU in pdf.js).
 *
 * No PDF JavaScript runs: pdf.js only executes document scripts in a viewer with scripting
 * enabled, which unpdf's build does not include; /OpenAction /JS entries are plain data here.
 * isEvalSupported: false also stops pdf.js from compiling font and function programs with
 * `new Function` (the path of CVE-2024-4367); enableXfa: false leaves XFA forms unparsed.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';
import { withoutNul } from '#shared/validation/database-input.ts';

export interface PdfTextJob {
  id: number;
  filePath: string;
  /** Extraction stops once this many characters are collected (see pdf-text.ts). */
  maxChars: number;
}

export interface PdfPageText {
  pageNumber: number;
  text: string;
}

export type PdfTextReply = { id: number } & (
  | { type: 'done'; pages: PdfPageText[]; totalPages: number }
  | { type: 'error'; name: string; message: string }
);

/**
 * Joins text items as unpdf's extractText does, then tidies blank space. A font's ToUnicode map
 * may turn glyphs into U+0000, which PostgreSQL text cannot hold: it is dropped.
 */
function pageText(items: readonly object[]) {
  const text = items
    .map((item) =>
      'str' in item ? `${String(item.str)}${'hasEOL' in item && item.hasEOL ? '\n' : ''}` : '',
    )
    .join('');
  return withoutNul(text)
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function extract({ id, filePath, maxChars }: PdfTextJob): Promise<PdfTextReply> {
  const data = new Uint8Array(await readFile(filePath));
  const pdf = await getDocumentProxy(data, {
    isEvalSupported: false,
    enableXfa: false,
    verbosity: 0,
  });
  try {
    const pages: PdfPageText[] = [];
    let collected = 0;
    for (let pageNumber = 1; pageNumber <= pdf.numPages && collected < maxChars; pageNumber++) {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      const text = pageText(content.items).slice(0, maxChars - collected);
      page.cleanup();
      if (text === '') continue;
      collected += text.length;
      pages.push({ pageNumber, text });
    }
    return { id, type: 'done', pages, totalPages: pdf.numPages };
  } finally {
    await pdf.destroy();
  }
}

/** One job at a time: the main thread sends the next only after this one answered. */
const port = parentPort!;
port.on('message', (job: PdfTextJob) => {
  extract(job).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ id: job.id, type: 'error', name, message } satisfies PdfTextReply);
    },
  );
});
port.postMessage({ ready: true });
