import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileContents, userFiles } from '#server/db/schema/files.ts';
import { STORAGE_NAME } from '#server/features/files/files.storage.ts';
import type { FileInfo } from '#shared/files/file-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { multipartUpload, type MultipartFile } from '#tests/support/multipart.ts';
import { buildPdf } from '#tests/support/pdf-builder.ts';
import { SAMPLE_FILES } from '#tests/support/sample-files.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';
import { until } from '#tests/support/until.ts';

/**
 * What pdf.js reads out of a PDF reaches PostgreSQL as it is (U+0000 included), and the one
 * extraction thread is shared by every user (docs/decisions/021, 319).
 */
let t: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'orbit-pdf-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

function upload(cookie: string, file: MultipartFile) {
  const { payload, headers } = multipartUpload(file);
  return api(t.app, { method: 'POST', url: '/api/files', cookie, payload, headers });
}

/** A PDF of these objects (object 1 the catalog), with an exact xref table. */
function pdfOf(objects: string[]) {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const stream = (content: string) =>
  `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;

/**
 * Two pages, 'ABAB' and 'AAA', in a font whose ToUnicode map reads A as U+0000 and B as 'B':
 * pdf.js gives the text as [0, 66, 0, 66] and [0, 0, 0].
 */
function pdfWithNulGlyphs() {
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /NulMap def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    '2 beginbfchar',
    '<41> <0000>',
    '<42> <0042>',
    'endbfchar',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const page = (contents: number) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ` +
    `/Resources << /Font << /F1 7 0 R >> >> /Contents ${contents} 0 R >>`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    page(5),
    page(6),
    stream('BT /F1 12 Tf 56 780 Td (ABAB) Tj ET'),
    stream('BT /F1 12 Tf 56 780 Td (AAA) Tj ET'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 8 0 R >>',
    stream(cmap),
  ]);
}

/**
 * A PDF of `count` blank pages: small on the wire, but pdf.js spends about a millisecond on each
 * page (4,000 pages ≈ 3 s here), so it holds the extraction thread deterministically long.
 */
function pdfWithBlankPages(count: number) {
  const kids = Array.from({ length: count }, (_, i) => `${i + 4} 0 R`).join(' ');
  const pages = Array.from(
    { length: count },
    () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents 3 0 R >>',
  );
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    stream('0 0 m 1 1 l S'),
    ...pages,
  ]);
}

const SLOW_PDF = pdfWithBlankPages(4_000);
const QUICK_PDF = buildPdf({ pages: ['Hallo'] });

const filesOf = (userId: number) =>
  t.db
    .select({ id: userFiles.id, status: userFiles.status })
    .from(userFiles)
    .where(eq(userFiles.userId, userId));

/**
 * Starts one slow PDF of the user and waits until it holds the extraction thread (its row is
 * written just before it joins the line, which is empty), then `more` PDFs, written and waiting.
 */
async function busyUser(more: Buffer) {
  const busy = await createSignedInUser(t.db);
  const answers = [upload(busy.cookie, { name: 'slow.pdf', content: SLOW_PDF })];
  await until(
    () => filesOf(busy.user.id),
    (rows) => rows.length === 1,
  );
  for (let i = 1; i < 10; i++)
    answers.push(upload(busy.cookie, { name: `${i}.pdf`, content: more }));
  const rows = await until(
    () => filesOf(busy.user.id),
    (list) => list.length === 10,
  );
  expect(rows.every((row) => row.status === 'processing')).toBe(true);
  return { ...busy, answers };
}

describe('PDF text extraction', () => {
  it('drops U+0000 from the extracted text instead of failing the upload', async () => {
    const { cookie } = await createSignedInUser(t.db);
    for (const name of ['nul.pdf', 'again.pdf']) {
      const response = await upload(cookie, { name, content: pdfWithNulGlyphs() });
      expect(response.statusCode, response.body).toBe(201);
      const file = response.json<FileInfo>();
      expect(file).toMatchObject({ status: 'ready', processingError: null });
      const pages = await t.db
        .select({ pageNumber: fileContents.pageNumber, content: fileContents.content })
        .from(fileContents)
        .where(eq(fileContents.fileId, file.id))
        .orderBy(asc(fileContents.pageNumber));
      // The page that was nothing but U+0000 has no text left, so no row.
      expect(pages).toEqual([{ pageNumber: 1, content: 'BB' }]);
    }
  });

  it('refuses a user’s eleventh PDF waiting to be read with 429, keeping nothing of it', async () => {
    const busy = await busyUser(QUICK_PDF);
    const refused = await upload(busy.cookie, { name: 'eleventh.pdf', content: QUICK_PDF });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message:
        'You are already uploading 10 PDFs. Please wait until they have been read, then try again.',
      code: 'RATE_LIMIT_ERROR',
      statusCode: 429,
      details: { maxPendingPdfs: 10 },
    });
    // An image needs no reading: it is stored at once.
    const image = await upload(busy.cookie, { name: 'a.png', content: SAMPLE_FILES.png });
    expect(image.statusCode, image.body).toBe(201);
    expect(await filesOf(busy.user.id)).toHaveLength(11);

    const answers = await Promise.all(busy.answers);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(answers.map((answer) => answer.json<FileInfo>().status)).toEqual(
      Array(10).fill('ready'),
    );
    // The refused PDF's bytes are gone (one stored file per row); the line has room again.
    const names = await readdir(path.join(dataDir, 'files'));
    expect(names.filter((name) => STORAGE_NAME.test(name))).toHaveLength(
      (await t.db.select({ id: userFiles.id }).from(userFiles)).length,
    );
    const later = await upload(busy.cookie, { name: 'later.pdf', content: QUICK_PDF });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('reads another user’s PDF after at most one more of a busy user’s', async () => {
    // Nine more PDFs of ~0.15 s each wait behind the busy user's slow one.
    const busy = await busyUser(pdfWithBlankPages(150));
    const other = await createSignedInUser(t.db);
    const response = await upload(other.cookie, { name: 'mine.pdf', content: QUICK_PDF });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<FileInfo>().status).toBe('ready');
    // One line for everyone would have read all ten of the busy user's first.
    const waiting = (await filesOf(busy.user.id)).filter((row) => row.status === 'processing');
    expect(waiting.length).toBeGreaterThanOrEqual(6);
    await Promise.all(busy.answers);
  });
});
