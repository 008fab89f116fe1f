/**
 * Builds small, valid PDF files for tests: one text page per entry, standard Helvetica with
 * WinAnsi encoding (German umlauts work), optional document JavaScript run on open.
 * Written by hand so the tests need no PDF library; offsets in the xref table are exact.
 */
export interface PdfOptions {
  /** Text per page; lines are separated by '\n'. */
  pages: string[];
  /** JavaScript a viewer would run when the document opens (/OpenAction /JS). */
  openActionScript?: string;
}

function pdfString(text: string) {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function buildPdf({ pages, openActionScript }: PdfOptions): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1;

  const catalogId = add('');
  const pagesId = add('');
  const fontId = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const pageIds: number[] = [];
  for (const text of pages) {
    const lines = text
      .split('\n')
      .map((line, i) => `${i === 0 ? '' : '0 -16 Td '}${pdfString(line)} Tj`);
    const stream = `BT /F1 12 Tf 56 780 Td ${lines.join(' ')} ET`;
    const contentId = add(
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] ` +
          `/Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  }
  let openAction = '';
  if (openActionScript !== undefined) {
    const jsId = add(`<< /Type /Action /S /JavaScript /JS ${pdfString(openActionScript)} >>`);
    openAction = ` /OpenAction ${jsId} 0 R`;
  }
  objects[catalogId - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R${openAction} >>`;
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
