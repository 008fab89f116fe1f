import PDFDocument from 'pdfkit';
import { formatExportDate } from '#shared/export/export-file-name.ts';
import type { ExportDocument } from '#shared/export/export-format.ts';
import { EXPORT_TEXTS } from '#shared/export/export-schemas.ts';
import { loadFontSet, type FontSet, type FontWeight } from './pdf-fonts.ts';

interface Style {
  weight: FontWeight;
  size: number;
  color: string;
}

const TITLE: Style = { weight: 'bold', size: 18, color: '#111827' };
const META: Style = { weight: 'regular', size: 9, color: '#6b7280' };
const USER: Style = { weight: 'bold', size: 10, color: '#1f2937' };
const ASSISTANT: Style = { weight: 'bold', size: 10, color: '#6d28d9' };
const BODY: Style = { weight: 'regular', size: 11, color: '#111827' };

/** Tabs as spaces, one kind of line end, no control characters or lone surrogates. */
function cleanText(text: string) {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .replace(/[\p{Cs}]|(?![\n])\p{Cc}/gu, '');
}

const MARGIN = 56;
const A4_WIDTH = 595.28;
/** A little under the text width, so kerning differences cannot push a piece past the edge. */
const LINE_WIDTH = (A4_WIDTH - 2 * MARGIN) * 0.97;

/**
 * Breaks every unspaced run wider than a line (a URL, a hash, Chinese text) into line-wide pieces.
 * pdfkit wraps such a run by measuring ever shorter prefixes, which is quadratic: 9 s for a
 * 3,000-character token. Copying from the PDF gives the same line breaks as its own wrapping.
 */
function breakLongRuns(text: string, fonts: FontSet, style: Style) {
  return text.replace(/\S{20,}/gu, (run) => {
    let out = '';
    let width = 0;
    for (const char of run) {
      const codePoint = char.codePointAt(0)!;
      const font = fonts.fonts[style.weight][fonts.fontFor(codePoint)]!;
      const advance =
        (font.glyphForCodePoint(codePoint).advanceWidth / font.unitsPerEm) * style.size;
      if (width + advance > LINE_WIDTH && out !== '') {
        out += '\n';
        width = 0;
      }
      out += char;
      width += advance;
    }
    return out;
  });
}

/** Splits text into runs that one font can draw; spaces and line ends join the current run. */
function fontRuns(text: string, fonts: FontSet) {
  const runs: { font: number; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const neutral = char === ' ' || char === '\n';
    const font = neutral && last ? last.font : fonts.fontFor(char.codePointAt(0)!);
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

/** Writes styled pieces as one paragraph, switching fonts per character where needed. */
function writeParagraph(doc: PDFKit.PDFDocument, fonts: FontSet, pieces: [string, Style][]) {
  const runs = pieces.flatMap(([text, style]) =>
    fontRuns(breakLongRuns(cleanText(text), fonts, style), fonts).map((run) => ({ ...run, style })),
  );
  if (runs.length === 0) runs.push({ font: 0, text: ' ', style: pieces[0]?.[1] ?? BODY });
  runs.forEach((run, index) => {
    doc
      .font(`${run.style.weight}-${run.font}`)
      .fontSize(run.style.size)
      .fillColor(run.style.color)
      .text(run.text, { continued: index < runs.length - 1 });
  });
}

/**
 * The export as an A4 PDF (spec 01-core §9): title, 'Export-Datum', then per message the
 * sender, time and content. Fonts are embedded as subsets, so any of the six interface
 * languages renders and can be copied out as text.
 */
export async function renderExportPdf(exportDoc: ExportDocument): Promise<Uint8Array> {
  const fonts = loadFontSet();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: exportDoc.language,
    displayTitle: true,
    info: {
      Title: exportDoc.title,
      Creator: 'Orbit Chat',
      CreationDate: exportDoc.exportedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  for (const weight of ['regular', 'bold'] as const) {
    fonts.fonts[weight].forEach((font, index) => {
      // pdfkit takes a parsed fontkit font as well as a file (its typings name only files).
      doc.registerFont(`${weight}-${index}`, font as unknown as Buffer);
    });
  }

  const { timeZone } = exportDoc;
  writeParagraph(doc, fonts, [[exportDoc.title, TITLE]]);
  doc.moveDown(0.3);
  writeParagraph(doc, fonts, [
    [
      `${EXPORT_TEXTS.exportDate}: ${formatExportDate(exportDoc.exportedAt, timeZone)} (${timeZone})`,
      META,
    ],
  ]);
  doc.moveDown(1.2);

  for (const message of exportDoc.messages) {
    writeParagraph(doc, fonts, [
      [message.sender, message.isUserMessage ? USER : ASSISTANT],
      [`   ${formatExportDate(message.timestamp, timeZone)}`, META],
    ]);
    doc.moveDown(0.2);
    writeParagraph(doc, fonts, [[message.content, BODY]]);
    doc.moveDown(1);
  }

  doc.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}
