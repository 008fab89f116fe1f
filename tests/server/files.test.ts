import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatFiles, conversations, messages } from '#server/db/schema/chat.ts';
import { fileContents, userFiles } from '#server/db/schema/files.ts';
import { users } from '#server/db/schema/users.ts';
import { createAttachments } from '#server/features/files/attachments.ts';
import { sweepOrphanFiles } from '#server/features/files/orphan-sweep.ts';
import { FILE_MESSAGES } from '#shared/files/file-limits.ts';
import type { FileInfo } from '#shared/files/file-schemas.ts';
import { createSignedInUser } from '#tests/support/factories.ts';
import { multipartBody, multipartUpload, type MultipartFile } from '#tests/support/multipart.ts';
import { buildPdf } from '#tests/support/pdf-builder.ts';
import { SAMPLE_FILES } from '#tests/support/sample-files.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

const MB = 1024 * 1024;
const ULTIMATE = { subscriptionTier: 'ultimate', subscriptionExpiry: null } as const;

let t: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'orbit-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const storedNames = async () => readdir(path.join(dataDir, 'files')).catch(() => [] as string[]);

function upload(cookie: string, file: MultipartFile) {
  const { payload, headers } = multipartUpload(file);
  return api(t.app, { method: 'POST', url: '/api/files', cookie, payload, headers });
}

async function uploadOk(cookie: string, file: MultipartFile) {
  const response = await upload(cookie, file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FileInfo>();
}

/** A PNG header followed by filler: only the first bytes decide the type. */
const pngOfSize = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  SAMPLE_FILES.png.copy(bytes, 0, 0, 16);
  return bytes;
};

async function createMessage(userId: number) {
  const conversationId = randomBytes(9).toString('base64url');
  await t.db.insert(conversations).values({ userId, conversationId });
  const [message] = await t.db
    .insert(messages)
    .values({ userId, conversationId, content: 'Bitte lies das [Datei: x]', isUserMessage: true })
    .returning({ id: messages.id });
  return { conversationId, messageId: message!.id };
}

describe('POST /api/files', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)(
    'accepts a %s recognised by its content, whatever its name says',
    async (sample, type) => {
      const { cookie } = await createSignedInUser(t.db);
      const content = SAMPLE_FILES[sample];
      const file = await uploadOk(cookie, { name: 'upload.bin', content });
      expect(file).toMatchObject({
        name: 'upload.bin',
        size: content.length,
        type,
        status: 'ready',
      });

      const download = await api(t.app, {
        method: 'GET',
        url: `/api/files/${file.id}/content`,
        cookie,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(type);
      expect(download.rawPayload.equals(content)).toBe(true);
    },
  );

  it('accepts a PDF and stores it under a random name, never the user’s', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const file = await uploadOk(cookie, {
      name: 'Vertrag.pdf',
      content: buildPdf({ pages: ['Hallo'] }),
    });
    expect(file).toMatchObject({ name: 'Vertrag.pdf', type: 'application/pdf', status: 'ready' });
    const [row] = await t.db.select().from(userFiles).where(eq(userFiles.userId, user.id));
    expect(row!.filename).toMatch(/^[0-9a-f]{32}$/);
    expect(row!.storagePath).toBe(`files/${row!.filename}`);
    expect(await storedNames()).toContain(row!.filename);
  });

  it('stores a PNG renamed .pdf and declared a PDF as image/png', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const file = await uploadOk(cookie, {
      name: 'report.pdf',
      contentType: 'application/pdf',
      content: SAMPLE_FILES.png,
    });
    expect(file).toMatchObject({ name: 'report.pdf', type: 'image/png', status: 'ready' });
  });

  it.each([
    ['an executable', 'setup.png', 'image/png', SAMPLE_FILES.exe],
    ['an HTML page', 'page.png', 'image/png', SAMPLE_FILES.html],
    ['an SVG image', 'logo.png', 'image/svg+xml', SAMPLE_FILES.svg],
    ['a text file', 'notes.png', 'image/png', SAMPLE_FILES.text],
    ['an empty file', 'empty.png', 'image/png', Buffer.alloc(0)],
  ])(
    'refuses %s named like an image with 415 and keeps nothing',
    async (_what, name, contentType, content) => {
      const { user, cookie } = await createSignedInUser(t.db);
      const before = await storedNames();
      const response = await upload(cookie, { name, contentType, content });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        message: FILE_MESSAGES.invalidType,
        statusCode: 415,
      });
      expect(await storedNames()).toEqual(before);
      expect(await t.db.select().from(userFiles).where(eq(userFiles.userId, user.id))).toEqual([]);
    },
  );

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte with 413, leaving no file behind', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    await uploadOk(cookie, { name: 'max.png', content: pngOfSize(10 * MB) });
    const before = await storedNames();

    const response = await upload(cookie, { name: 'big.png', content: pngOfSize(10 * MB + 1) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      message: 'File is too large. Maximum 10MB allowed.',
      statusCode: 413,
    });
    expect(await storedNames()).toEqual(before);
    expect(await t.db.select().from(userFiles).where(eq(userFiles.userId, user.id))).toHaveLength(
      1,
    );
  });

  it('lets Ultimate users (and administrators) upload up to 50 MB', async () => {
    const ultimate = await createSignedInUser(t.db, ULTIMATE);
    const file = await uploadOk(ultimate.cookie, { name: 'scan.png', content: pngOfSize(20 * MB) });
    expect(file.size).toBe(20 * MB);

    const admin = await createSignedInUser(t.db, { isAdmin: true });
    await uploadOk(admin.cookie, { name: 'scan.png', content: pngOfSize(20 * MB) });

    const tooBig = await upload(ultimate.cookie, {
      name: 'huge.png',
      content: pngOfSize(50 * MB + 1),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('File is too large. Maximum 50MB allowed.');
  });

  it('holds a lapsed Ultimate subscription to 10 MB', async () => {
    const lapsed = await createSignedInUser(t.db, {
      subscriptionTier: 'ultimate',
      subscriptionExpiry: new Date(Date.now() - 60_000),
    });
    const response = await upload(lapsed.cookie, { name: 'scan.png', content: pngOfSize(20 * MB) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(FILE_MESSAGES.tooLarge);
  });

  it('answers 400 without a multipart body or without a file in it', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const json = await api(t.app, {
      method: 'POST',
      url: '/api/files',
      cookie,
      payload: { name: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const boundary = 'b0undary';
    const fieldOnly = await api(t.app, {
      method: 'POST',
      url: '/api/files',
      cookie,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`,
    });
    expect(fieldOnly.statusCode).toBe(400);
    expect(fieldOnly.json().message).toBe(FILE_MESSAGES.noFile);
  });

  it('answers a malformed or cut-off multipart body with 400, keeping nothing', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const before = await storedNames();
    const { payload, headers } = multipartUpload({ name: 'x.png', content: pngOfSize(4096) });
    const cases = [
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
      { headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, payload: 'garbage' },
      // The closing boundary never comes: the file's bytes end mid-part.
      { headers, payload: payload.subarray(0, payload.length - 64) },
    ];
    for (const call of cases) {
      const response = await api(t.app, { method: 'POST', url: '/api/files', cookie, ...call });
      expect(response.statusCode, String(call.headers['content-type'])).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
    }
    expect(await storedNames()).toEqual(before);
  });
});

describe('POST /api/files with several parts', () => {
  const send = (cookie: string, parts: Parameters<typeof multipartBody>[0]) =>
    api(t.app, { method: 'POST', url: '/api/files', cookie, ...multipartBody(parts) });
  const filesOf = (userId: number) =>
    t.db.select().from(userFiles).where(eq(userFiles.userId, userId));

  it('refuses a second file with 400 and keeps neither', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const before = await storedNames();
    const pdf = { name: 'b.pdf', content: buildPdf({ pages: ['Zwei'] }) };
    const cases = [
      [{ name: 'a.png', content: SAMPLE_FILES.png }, pdf],
      [pdf, { field: 'note', value: 'dazwischen' }, { name: 'a.png', content: SAMPLE_FILES.png }],
      [
        { name: 'a.png', content: SAMPLE_FILES.png, field: 'one' },
        { ...pdf, field: 'two' },
      ],
    ];
    for (const parts of cases) {
      const response = await send(cookie, parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        message: FILE_MESSAGES.oneFile,
        code: 'VALIDATION_ERROR',
        statusCode: 400,
      });
    }
    expect(await filesOf(user.id)).toEqual([]);
    expect(await storedNames()).toEqual(before);
  });

  it('accepts one file with text fields before and after it, which it ignores', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const response = await send(cookie, [
      { field: 'conversationId', value: 'abc' },
      { name: 'bild.png', content: SAMPLE_FILES.png },
      { field: 'note', value: 'danach' },
      { field: 'name', value: 'anders.png' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<FileInfo>()).toMatchObject({ name: 'bild.png', type: 'image/png' });
    expect(await filesOf(user.id)).toHaveLength(1);
  });
});

describe('POST /api/files over a real connection', () => {
  let origin: string;
  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** Sends the start of an upload and never finishes it: the answer must come anyway. */
  async function startUpload(cookie: string, content: Buffer) {
    const { payload, headers } = multipartUpload({ name: 'x.png', content });
    const body = payload.subarray(0, payload.length - 64); // the closing boundary never arrives
    const request = http.request(`${origin}/api/files`, {
      method: 'POST',
      headers: { ...headers, cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    request.on('error', () => {});
    request.write(body);
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      request.once('response', resolve),
    );
    const text = await new Promise<string>((resolve) => {
      let data = '';
      response.on('data', (chunk: Buffer) => (data += chunk.toString()));
      response.on('end', () => resolve(data));
    });
    const closed = new Promise<void>((resolve) => response.socket.once('close', () => resolve()));
    return { response, body: JSON.parse(text) as { message: string }, closed, request };
  }

  it('stores a file sent as a browser sends a form, and refuses a second file', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const post = (form: FormData) =>
      fetch(`${origin}/api/files`, {
        method: 'POST',
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
        body: form,
      });
    const png = () => new Blob([SAMPLE_FILES.png], { type: 'image/png' });
    const one = new FormData();
    one.append('file', png(), 'bild.png');
    one.append('note', 'danach');
    const stored = await post(one);
    expect(stored.status).toBe(201);
    const two = new FormData();
    two.append('file', png(), 'eins.png');
    two.append('file', png(), 'zwei.png');
    const refused = await post(two);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: FILE_MESSAGES.oneFile });
    const rows = await t.db.select().from(userFiles).where(eq(userFiles.userId, user.id));
    expect(rows.map((row) => row.originalFilename)).toEqual(['bild.png']);
  });

  it('refuses a wrong type from its first bytes without reading the rest', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const before = await storedNames();
    const { response, body, closed, request } = await startUpload(
      cookie,
      Buffer.concat([SAMPLE_FILES.html, Buffer.alloc(MB, 0x20)]),
    );
    expect(response.statusCode).toBe(415);
    expect(response.headers.connection).toBe('close');
    expect(body.message).toBe(FILE_MESSAGES.invalidType);
    await closed;
    request.destroy();
    expect(await storedNames()).toEqual(before);
  });

  it('refuses an oversized file once the limit is passed without reading the rest', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const before = await storedNames();
    const { response, body, closed, request } = await startUpload(
      cookie,
      pngOfSize(10 * MB + 4096),
    );
    expect(response.statusCode).toBe(413);
    expect(response.headers.connection).toBe('close');
    expect(body.message).toBe(FILE_MESSAGES.tooLarge);
    await closed;
    request.destroy();
    expect(await storedNames()).toEqual(before);
  });
});

describe('PDF text extraction', () => {
  it('stores the text of each page with its page number', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const pdf = buildPdf({
      pages: ['Erste Seite\nmit Umlauten: äöü ß', '', 'Dritte Seite (Ende)'],
    });
    const file = await uploadOk(cookie, { name: 'seiten.pdf', content: pdf });
    expect(file.status).toBe('ready');
    const rows = await t.db
      .select({
        contentType: fileContents.contentType,
        pageNumber: fileContents.pageNumber,
        content: fileContents.content,
      })
      .from(fileContents)
      .where(eq(fileContents.fileId, file.id))
      .orderBy(fileContents.pageNumber);
    expect(rows).toEqual([
      { contentType: 'text', pageNumber: 1, content: 'Erste Seite\nmit Umlauten: äöü ß' },
      { contentType: 'text', pageNumber: 3, content: 'Dritte Seite (Ende)' },
    ]);
  });

  it('accepts a PDF with JavaScript as a document but never runs the script', async () => {
    const hits: string[] = [];
    const trap = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      response.end();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    const { port } = trap.address() as AddressInfo;
    try {
      const { cookie } = await createSignedInUser(t.db);
      // Were it run, the script would call home and then never finish (extraction would time out).
      const script = `app.launchURL("http://127.0.0.1:${port}/opened", true); this.submitForm("http://127.0.0.1:${port}/submitted"); while (true) {}`;
      const pdf = buildPdf({ pages: ['Harmloser Text'], openActionScript: script });
      const file = await uploadOk(cookie, { name: 'script.pdf', content: pdf });
      expect(file).toMatchObject({
        type: 'application/pdf',
        status: 'ready',
        processingError: null,
      });
      const rows = await t.db.select().from(fileContents).where(eq(fileContents.fileId, file.id));
      expect(rows.map((row) => row.content)).toEqual(['Harmloser Text']);
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => trap.close(resolve));
    }
  });

  it('keeps an unreadable PDF as failed with the reason', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const file = await uploadOk(cookie, {
      name: 'kaputt.pdf',
      content: Buffer.from('%PDF-1.7\nthis is not really a PDF\n'),
    });
    expect(file).toMatchObject({ status: 'failed', processingError: 'The PDF could not be read.' });
    const info = await api(t.app, { method: 'GET', url: `/api/files/${file.id}`, cookie });
    expect(info.json()).toMatchObject({
      status: 'failed',
      processingError: 'The PDF could not be read.',
    });
  });
});

describe('GET and DELETE /api/files/:id', () => {
  it('shows a file only to its owner: another user gets 404 on every route', async () => {
    const owner = await createSignedInUser(t.db);
    const other = await createSignedInUser(t.db);
    const file = await uploadOk(owner.cookie, { name: 'privat.png', content: SAMPLE_FILES.png });
    for (const [method, url] of [
      ['GET', `/api/files/${file.id}`],
      ['GET', `/api/files/${file.id}/content`],
      ['DELETE', `/api/files/${file.id}`],
    ] as const) {
      const response = await api(t.app, { method, url, cookie: other.cookie });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'File not found' });
    }
    const info = await api(t.app, {
      method: 'GET',
      url: `/api/files/${file.id}`,
      cookie: owner.cookie,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ ...file, createdAt: expect.any(String) });
  });

  it('serves images inline and PDFs as downloads, with nosniff and a sandbox policy', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const image = await uploadOk(cookie, { name: 'Foto.png', content: SAMPLE_FILES.png });
    const pdf = await uploadOk(cookie, { name: 'Brief.pdf', content: buildPdf({ pages: ['x'] }) });

    const inline = await api(t.app, {
      method: 'GET',
      url: `/api/files/${image.id}/content`,
      cookie,
    });
    expect(inline.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(SAMPLE_FILES.png.length),
      'content-disposition': `inline; filename="Foto.png"; filename*=UTF-8''Foto.png`,
      'x-content-type-options': 'nosniff',
    });
    expect(inline.headers['content-security-policy']).toContain('sandbox');

    const forced = await api(t.app, {
      method: 'GET',
      url: `/api/files/${image.id}/content?download=1`,
      cookie,
    });
    expect(forced.headers['content-disposition']).toMatch(/^attachment; /);

    const document = await api(t.app, {
      method: 'GET',
      url: `/api/files/${pdf.id}/content`,
      cookie,
    });
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toBe(
      `attachment; filename="Brief.pdf"; filename*=UTF-8''Brief.pdf`,
    );
  });

  it('refuses a part whose file name carries a line break', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const before = await storedNames();
    const response = await upload(cookie, {
      encodedName: 'evil"\r\nSet-Cookie: x.pdf',
      content: buildPdf({ pages: ['x'] }),
    });
    expect(response.statusCode).toBe(400);
    expect(await storedNames()).toEqual(before);
  });

  it('stores a hostile file name without control characters', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const file = await uploadOk(cookie, {
      encodedName: 'evil";\tSet-Cookie: x=1\u0000\u202e.pdf',
      content: buildPdf({ pages: ['x'] }),
    });
    expect(file.name).toBe('evil";Set-Cookie: x=1.pdf');
  });

  it('gives any stored name a safe Content-Disposition, even one with CR/LF', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const file = await uploadOk(cookie, {
      name: 'harmlos.pdf',
      content: buildPdf({ pages: ['x'] }),
    });
    await t.db
      .update(userFiles)
      .set({ originalFilename: 'evil"\r\nSet-Cookie: x.pdf' })
      .where(eq(userFiles.id, file.id));
    const response = await api(t.app, {
      method: 'GET',
      url: `/api/files/${file.id}/content`,
      cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="evil_Set-Cookie_x.pdf"; filename*=UTF-8''evil%22Set-Cookie%3A%20x.pdf`,
    );
  });

  it('adds the real extension to the download name of a mislabelled file', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const file = await uploadOk(cookie, { name: 'seite.html', content: SAMPLE_FILES.gif });
    const response = await api(t.app, {
      method: 'GET',
      url: `/api/files/${file.id}/content`,
      cookie,
    });
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['content-disposition']).toContain('filename="seite.html.gif"');
  });

  it('deletes the row, the extracted text and the bytes on disk', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const file = await uploadOk(cookie, {
      name: 'weg.pdf',
      content: buildPdf({ pages: ['Text'] }),
    });
    const [row] = await t.db.select().from(userFiles).where(eq(userFiles.id, file.id));
    expect(await storedNames()).toContain(row!.filename);

    const response = await api(t.app, { method: 'DELETE', url: `/api/files/${file.id}`, cookie });
    expect(response.statusCode).toBe(204);
    expect(await storedNames()).not.toContain(row!.filename);
    expect(await t.db.select().from(fileContents).where(eq(fileContents.fileId, file.id))).toEqual(
      [],
    );
    const again = await api(t.app, { method: 'GET', url: `/api/files/${file.id}`, cookie });
    expect(again.statusCode).toBe(404);
  });

  it('answers HEAD on the content with the headers only', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const file = await uploadOk(cookie, { name: 'kopf.png', content: SAMPLE_FILES.png });
    const response = await api(t.app, {
      method: 'HEAD',
      url: `/api/files/${file.id}/content`,
      cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload).toHaveLength(0);
  });

  it('answers 400 for an id that is not a number', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const response = await api(t.app, { method: 'GET', url: '/api/files/abc', cookie });
    expect(response.statusCode).toBe(400);
  });
});

describe('Attachments.readForChat', () => {
  const reader = () => createAttachments({ db: t.db, env: t.env });
  /** Twelve pages of about 3,000 characters in short paragraphs. */
  const longPdf = () =>
    buildPdf({
      pages: Array.from({ length: 12 }, (_, page) =>
        Array.from({ length: 6 }, (_, p) =>
          Array.from(
            { length: 6 },
            (_, line) =>
              `Seite ${page + 1} Absatz ${p + 1} Zeile ${line + 1}: Lorem ipsum dolor sit amet.`,
          ).join('\n'),
        ).join('\n\n'),
      ),
    });

  it('gives PDF text in as many chunks as the tier allows', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const file = await uploadOk(cookie, { name: 'handbuch.pdf', content: longPdf() });
    const expected = {
      free: [1, 2000],
      pro: [1, 4000],
      premium: [1, 4000],
      expert: [3, 4000],
      ultimate: [5, 4000],
    } as const;
    for (const [tier, [count, size]] of Object.entries(expected)) {
      const target = await createMessage(user.id);
      const [attachment] = await reader().readForChat({
        userId: user.id,
        tier: tier as keyof typeof expected,
        fileIds: [file.id],
        ...target,
      });
      expect(attachment, tier).toMatchObject({
        fileId: file.id,
        name: 'handbuch.pdf',
        kind: 'pdf',
        mediaType: 'application/pdf',
      });
      const chunks = attachment!.textChunks!;
      expect(chunks, tier).toHaveLength(count);
      expect(chunks[0]!.startsWith('[Page 1]\nSeite 1 Absatz 1 Zeile 1')).toBe(true);
      for (const chunk of chunks) {
        expect(chunk.length).toBeLessThanOrEqual(size);
        expect(chunk.length).toBeGreaterThan(size * 0.75);
      }
      expect(attachment!.data).toBeUndefined();
    }
  });

  it('gives images as their bytes with the detected media type', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const file = await uploadOk(cookie, { name: 'bild.jpg', content: SAMPLE_FILES.webp });
    const target = await createMessage(user.id);
    const [attachment] = await reader().readForChat({
      userId: user.id,
      tier: 'free',
      fileIds: [file.id],
      ...target,
    });
    expect(attachment).toMatchObject({
      fileId: file.id,
      name: 'bild.jpg',
      kind: 'image',
      mediaType: 'image/webp',
    });
    expect(Buffer.from(attachment!.data!).equals(SAMPLE_FILES.webp)).toBe(true);
  });

  it('links each file once per message it came with, a later message of the conversation too', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const image = await uploadOk(cookie, { name: 'a.png', content: SAMPLE_FILES.png });
    const pdf = await uploadOk(cookie, { name: 'b.pdf', content: buildPdf({ pages: ['Kurz'] }) });
    const first = await createMessage(user.id);
    const attachments = await reader().readForChat({
      userId: user.id,
      tier: 'premium',
      fileIds: [pdf.id, image.id, pdf.id],
      ...first,
    });
    expect(attachments.map((a) => a.fileId)).toEqual([pdf.id, image.id]);

    // The same file again in a later message of the same conversation is linked to that one too.
    const [later] = await t.db
      .insert(messages)
      .values({
        userId: user.id,
        conversationId: first.conversationId,
        content: 'Nochmal',
        isUserMessage: true,
      })
      .returning({ id: messages.id });
    const again = { conversationId: first.conversationId, messageId: later!.id };
    // Read twice for the same message (a regenerate answers it again): still one link.
    for (let read = 0; read < 2; read++) {
      await reader().readForChat({ userId: user.id, tier: 'premium', fileIds: [pdf.id], ...again });
    }
    const links = await t.db
      .select({ fileId: chatFiles.fileId, messageId: chatFiles.messageId })
      .from(chatFiles)
      .where(eq(chatFiles.conversationId, first.conversationId))
      .orderBy(chatFiles.fileId, chatFiles.messageId);
    expect(links).toEqual(
      [
        { fileId: image.id, messageId: first.messageId },
        { fileId: pdf.id, messageId: first.messageId },
        { fileId: pdf.id, messageId: later!.id },
      ].sort((a, b) => a.fileId - b.fileId || a.messageId - b.messageId),
    );

    // Deleting the conversation removes its links; the files stay the user's.
    await t.db.delete(conversations).where(eq(conversations.conversationId, first.conversationId));
    expect(
      await t.db.select().from(chatFiles).where(eq(chatFiles.conversationId, first.conversationId)),
    ).toEqual([]);
    const info = await api(t.app, { method: 'GET', url: `/api/files/${pdf.id}`, cookie });
    expect(info.statusCode).toBe(200);
  });

  it('refuses another user’s file with 404 and links nothing', async () => {
    const owner = await createSignedInUser(t.db);
    const intruder = await createSignedInUser(t.db);
    const foreign = await uploadOk(owner.cookie, { name: 'geheim.png', content: SAMPLE_FILES.png });
    const own = await uploadOk(intruder.cookie, { name: 'meins.png', content: SAMPLE_FILES.png });
    const target = await createMessage(intruder.user.id);
    await expect(
      reader().readForChat({
        userId: intruder.user.id,
        tier: 'ultimate',
        fileIds: [own.id, foreign.id],
        ...target,
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(
      await t.db
        .select()
        .from(chatFiles)
        .where(eq(chatFiles.conversationId, target.conversationId)),
    ).toEqual([]);
  });

  it('refuses an unreadable PDF with 422 and its reason', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const broken = await uploadOk(cookie, {
      name: 'kaputt.pdf',
      content: Buffer.from('%PDF-1.4 nope'),
    });
    const target = await createMessage(user.id);
    await expect(
      reader().readForChat({ userId: user.id, tier: 'expert', fileIds: [broken.id], ...target }),
    ).rejects.toMatchObject({
      statusCode: 422,
      code: 'VALIDATION_ERROR',
      message: 'kaputt.pdf: The PDF could not be read.',
    });
  });
});

describe('Attachments.readForChat with a file mid-processing', () => {
  it('answers 409 for a PDF whose text is not extracted yet', async () => {
    const { user } = await createSignedInUser(t.db);
    const [pending] = await t.db
      .insert(userFiles)
      .values({
        userId: user.id,
        filename: randomBytes(16).toString('hex'),
        originalFilename: 'gleich.pdf',
        fileSize: 10,
        fileType: 'application/pdf',
        storagePath: 'files/none',
      })
      .returning();
    const target = await createMessage(user.id);
    await expect(
      createAttachments({ db: t.db, env: t.env }).readForChat({
        userId: user.id,
        tier: 'premium',
        fileIds: [pending!.id],
        ...target,
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT' });
  });
});

describe('sweepOrphanFiles', () => {
  it('removes the bytes of deleted users’ files and keeps everything else', async () => {
    const leaving = await createSignedInUser(t.db);
    const staying = await createSignedInUser(t.db);
    const gone = await uploadOk(leaving.cookie, { name: 'alt.png', content: SAMPLE_FILES.png });
    const kept = await uploadOk(staying.cookie, { name: 'neu.png', content: SAMPLE_FILES.png });
    const [goneRow] = await t.db.select().from(userFiles).where(eq(userFiles.id, gone.id));
    const [keptRow] = await t.db.select().from(userFiles).where(eq(userFiles.id, kept.id));
    const foreignName = 'README-not-ours.txt';
    await writeFile(path.join(dataDir, 'files', foreignName), 'x');

    await t.db.delete(users).where(eq(users.id, leaving.user.id));
    expect(await storedNames()).toContain(goneRow!.filename);

    // A fresh orphan may be an upload still being finished elsewhere: kept by default.
    expect(await sweepOrphanFiles({ db: t.db, env: t.env })).toBe(0);
    expect(await storedNames()).toContain(goneRow!.filename);

    const hourAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(path.join(dataDir, 'files', goneRow!.filename), hourAgo, hourAgo);
    expect(await sweepOrphanFiles({ db: t.db, env: t.env })).toBeGreaterThanOrEqual(1);
    const names = await storedNames();
    expect(names).not.toContain(goneRow!.filename);
    expect(names).toContain(keptRow!.filename);
    expect(names).toContain(foreignName);
  });

  it('fails files left processing by a stopped process', async () => {
    const { user } = await createSignedInUser(t.db);
    const [stale] = await t.db
      .insert(userFiles)
      .values({
        userId: user.id,
        filename: randomBytes(16).toString('hex'),
        originalFilename: 'halb.pdf',
        fileSize: 10,
        fileType: 'application/pdf',
        storagePath: 'files/none',
        status: 'processing',
        createdAt: new Date(Date.now() - 2 * 60 * 60_000),
      })
      .returning();
    await sweepOrphanFiles({ db: t.db, env: t.env });
    const [row] = await t.db
      .select()
      .from(userFiles)
      .where(and(eq(userFiles.id, stale!.id), eq(userFiles.status, 'failed')));
    expect(row?.processingError).toMatch(/interrupted/);
  });
});
