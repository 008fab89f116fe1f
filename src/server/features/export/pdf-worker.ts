/**
 * Renders export PDFs on a worker thread: font subsetting of the CJK fonts costs 0.2–3 s of
 * CPU per document, which on the main thread would stall every other request and stream.
 */
import { parentPort } from 'node:worker_threads';
import type { ExportDocument } from '#shared/export/export-format.ts';
import { renderExportPdf } from './pdf-render.ts';

export interface PdfWorkerRequest {
  id: number;
  doc: ExportDocument;
}
export type PdfWorkerReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort!;
port.on('message', ({ id, doc }: PdfWorkerRequest) => {
  renderExportPdf(doc).then(
    (pdf) => port.postMessage({ id, pdf } satisfies PdfWorkerReply, [pdf.buffer as ArrayBuffer]),
    (error: unknown) =>
      port.postMessage({
        id,
        error: (error as Error).message ?? String(error),
      } satisfies PdfWorkerReply),
  );
});
