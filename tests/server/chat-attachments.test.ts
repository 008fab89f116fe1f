import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userFiles } from '#server/db/schema/files.ts';
import { dataOf, sendChat, single, streamChat } from '#tests/support/chat-helpers.ts';
import { createSignedInUser, quotaUsed } from '#tests/support/factories.ts';
import { FakeAi, lastUserText, type WireMessage } from '#tests/support/fake-ai/fake-ai-server.ts';
import { multipartUpload } from '#tests/support/multipart.ts';
import { buildPdf } from '#tests/support/pdf-builder.ts';
import { SAMPLE_FILES } from '#tests/support/sample-files.ts';
import { api, createTestApp, type TestContext } from '#tests/support/test-app.ts';

/** Files attached to a message reach the model through the files feature's reader (issue #3 §6). */
let t: TestContext;
let fake: FakeAi;
let dataDir: string;
beforeAll(async () => {
  fake = await FakeAi.start();
  dataDir = await mkdtemp(path.join(tmpdir(), 'orbit-chat-files-'));
  t = await createTestApp(fake.env({ DATA_DIR: dataDir }));
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function upload(cookie: string, name: string, content: Buffer) {
  const response = await api(t.app, {
    method: 'POST',
    url: '/api/files',
    cookie,
    ...multipartUpload({ name, content }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** How many files are stored on disk. */
const storedFiles = async () => (await readdir(path.join(dataDir, 'files'))).length;
const fileFor = (cookie: string, id: number) =>
  api(t.app, { method: 'GET', url: `/api/files/${id}`, cookie });

const partsOf = (message: WireMessage | undefined) =>
  typeof message?.content === 'string'
    ? [{ type: 'text', text: message.content }]
    : (message?.content ?? []);

describe('attachments in the chat', () => {
  it('sends an image to a vision model and lists it on the message', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const fileId = await upload(cookie, 'bild.png', SAMPLE_FILES.png);
    const response = await sendChat(t.app, cookie, {
      message: 'Was siehst du? [att-img]',
      fileIds: [fileId],
    });
    expect(response.statusCode, response.body).toBe(200);
    const parts = partsOf(fake.requestWith('[att-img]')!.body.messages!.at(-1));
    expect(parts[0]).toEqual({ type: 'text', text: 'Was siehst du? [att-img]' });
    expect(parts[1]).toMatchObject({
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${SAMPLE_FILES.png.toString('base64')}` },
    });
    const messages = await api(t.app, {
      method: 'GET',
      url: `/api/messages/${response.json().conversationId}`,
      cookie,
    });
    expect(messages.json()[0].attachments).toEqual([
      { id: fileId, name: 'bild.png', type: 'image/png', size: SAMPLE_FILES.png.length },
    ]);
  });

  it('sends PDF text as chunks with the file name', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const fileId = await upload(
      cookie,
      'vertrag.pdf',
      buildPdf({ pages: ['Seite eins: Miete 900 Euro'] }),
    );
    const response = await sendChat(t.app, cookie, {
      message: 'Fasse zusammen [att-pdf]',
      fileIds: [fileId],
    });
    expect(response.statusCode, response.body).toBe(200);
    const texts = partsOf(fake.requestWith('[att-pdf]')!.body.messages!.at(-1)).map(
      (part) => part.text ?? '',
    );
    expect(texts[0]).toBe('Fasse zusammen [att-pdf]');
    expect(texts[1]).toMatch(/^\[vertrag\.pdf\]\n/);
    expect(texts[1]).toContain('Miete 900 Euro');
  });

  it("refuses another user's file with 404 and stores nothing", async () => {
    const owner = await createSignedInUser(t.db);
    const fileId = await upload(owner.cookie, 'privat.png', SAMPLE_FILES.png);
    const { cookie } = await createSignedInUser(t.db);
    const response = await sendChat(t.app, cookie, {
      message: 'Steal [att-404]',
      fileIds: [fileId],
    });
    expect(response.statusCode).toBe(404);
    expect(fake.requestWith('[att-404]')).toBeUndefined();
    const list = await api(t.app, { method: 'GET', url: '/api/conversations', cookie });
    expect(list.json()).toEqual([]);
  });

  it('keeps the files of an edited message', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const fileId = await upload(cookie, 'foto.png', SAMPLE_FILES.png);
    const first = await sendChat(t.app, cookie, {
      message: 'First [att-edit1]',
      fileIds: [fileId],
    });
    const conversationId = first.json().conversationId;
    const edited = await api(t.app, {
      method: 'POST',
      url: '/api/chat/edit',
      cookie,
      payload: { messageId: first.json().userMessageId, message: 'Edited [att-edit2]' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const parts = partsOf(fake.requestWith('[att-edit2]')!.body.messages!.at(-1));
    expect(parts.map((part) => part.type)).toEqual(['text', 'image_url']);
    const messages = await api(t.app, {
      method: 'GET',
      url: `/api/messages/${conversationId}`,
      cookie,
    });
    expect(
      messages
        .json()
        .map((m: { content: string; attachments: unknown[] }) => [m.content, m.attachments.length]),
    ).toEqual([
      ['Edited [att-edit2]', 1],
      ['Hello from the fake model.', 0],
    ]);
  });
});

describe('an edit refused for its files', () => {
  it('leaves the conversation as it was', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const stranger = await createSignedInUser(t.db);
    const foreign = await upload(stranger.cookie, 'fremd.png', SAMPLE_FILES.png);
    const broken = await upload(cookie, 'kaputt.pdf', Buffer.from('%PDF-1.4 nope'));
    const first = await sendChat(t.app, cookie, { message: 'One [att-keep1]' });
    const { conversationId } = first.json();
    await sendChat(t.app, cookie, { message: 'Two [att-keep2]', conversationId });
    const history = async () =>
      (await api(t.app, { method: 'GET', url: `/api/messages/${conversationId}`, cookie }))
        .json()
        .map((m: { content: string }) => m.content);
    const before = await history();
    expect(before).toHaveLength(4);
    for (const [fileId, status] of [
      [foreign, 404],
      [broken, 422],
    ] as const) {
      const edited = await api(t.app, {
        method: 'POST',
        url: '/api/chat/edit',
        cookie,
        payload: { messageId: first.json().userMessageId, message: 'Changed', fileIds: [fileId] },
      });
      expect(edited.statusCode, edited.body).toBe(status);
      expect(await history()).toEqual(before);
    }
  });
});

/** Where a file's bytes are stored, as the files feature wrote them. */
async function storedPath(fileId: number) {
  const [row] = await t.db
    .select({ storagePath: userFiles.storagePath })
    .from(userFiles)
    .where(eq(userFiles.id, fileId));
  return path.join(dataDir, row!.storagePath);
}

/** The conversation as its owner reads it: each message's text and attached file ids. */
async function historyWithFiles(cookie: string, conversationId: string) {
  const response = await api(t.app, {
    method: 'GET',
    url: `/api/messages/${conversationId}`,
    cookie,
  });
  return response
    .json()
    .map((m: { content: string; attachments: { id: number }[] }) => [
      m.content,
      m.attachments.map((a) => a.id),
    ]);
}

describe('an edit or a regenerate whose image is gone from the disk', () => {
  it('is refused with 404 before anything is replaced', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const fileId = await upload(cookie, 'weg.png', SAMPLE_FILES.png);
    const first = await sendChat(t.app, cookie, { message: 'Bild [gone1]', fileIds: [fileId] });
    expect(first.statusCode, first.body).toBe(200);
    const { conversationId } = first.json();
    await sendChat(t.app, cookie, { message: 'Noch was [gone2]', conversationId });
    const history = () => historyWithFiles(cookie, conversationId);
    const before = await history();
    expect(before).toHaveLength(4);
    await rm(await storedPath(fileId));

    // The edit keeps the message's image, whose bytes are gone.
    const edited = await api(t.app, {
      method: 'POST',
      url: '/api/chat/edit',
      cookie,
      payload: { messageId: first.json().userMessageId, message: 'Bild, anders [gone3]' },
    });
    expect(edited.statusCode, edited.body).toBe(404);
    expect(edited.json()).toMatchObject({ code: 'NOT_FOUND', message: 'File not found' });
    const regenerated = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie,
      payload: { messageId: first.json().message.id },
    });
    expect(regenerated.statusCode, regenerated.body).toBe(404);

    expect(await history()).toEqual(before);
    expect((await fileFor(cookie, fileId)).statusCode).toBe(200);
    expect(fake.requestWith('[gone3]')).toBeUndefined();
    expect(await quotaUsed(t.db, user.id)).toBe(2);
  });
});

describe('an edit whose image cannot be read once the messages are replaced', () => {
  it('keeps the new text with its image, fails the reply, and a retry answers it', async () => {
    const { user, cookie } = await createSignedInUser(t.db);
    const fileId = await upload(cookie, 'gross.png', SAMPLE_FILES.png);
    const first = await sendChat(t.app, cookie, { message: 'Bild [late1]', fileIds: [fileId] });
    expect(first.statusCode, first.body).toBe(200);
    const { conversationId } = first.json();
    const history = () => historyWithFiles(cookie, conversationId);
    // A read error the check before the edit cannot see (it looks for the bytes, it does not
    // read them): a sparse file larger than Node reads at once.
    const stored = await storedPath(fileId);
    await truncate(stored, 3 * 1024 ** 3);

    const { response, events } = await streamChat(
      t.app,
      cookie,
      { messageId: first.json().userMessageId, message: 'Bild, anders [late2]' },
      '/api/chat/edit',
    );
    expect(response.statusCode, response.body).toBe(200);
    const start = single(events, 'start');
    expect(single(events, 'error')).toMatchObject({ statusCode: 500 });
    expect(dataOf(events, 'done')).toEqual([]);
    expect(await history()).toEqual([['Bild, anders [late2]', [fileId]]]);
    expect((await fileFor(cookie, fileId)).statusCode).toBe(200);
    // No reply was stored: the edit's message goes back to the allowance.
    expect(await quotaUsed(t.db, user.id)).toBe(1);

    // The bytes are readable again; the client's retry answers the stored message, image included.
    await writeFile(stored, SAMPLE_FILES.png);
    const retry = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie,
      payload: { conversationId },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().userMessageId).toBe(start.userMessageId);
    const parts = partsOf(fake.requestWith('[late2]')!.body.messages!.at(-1));
    expect(parts.map((part) => part.type)).toEqual(['text', 'image_url']);
    expect(await history()).toEqual([
      ['Bild, anders [late2]', [fileId]],
      ['Hello from the fake model.', []],
    ]);
  });
});

describe('a new chat started with only a file', () => {
  // Without a provider no model writes a title later, so the provisional one is all it gets.
  let offline: TestContext;
  beforeAll(async () => {
    offline = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(() => offline.close());

  it('is named after the file rather than left untitled', async () => {
    const { cookie } = await createSignedInUser(offline.db);
    const response = await api(offline.app, {
      method: 'POST',
      url: '/api/files',
      cookie,
      ...multipartUpload({ name: 'Rechnung März.pdf', content: buildPdf({ pages: ['Summe'] }) }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const sent = await sendChat(offline.app, cookie, {
      message: '',
      fileIds: [response.json<{ id: number }>().id],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [conversation] = (
      await api(offline.app, { method: 'GET', url: '/api/conversations', cookie })
    ).json();
    expect(conversation).toMatchObject({ title: 'Rechnung März.pdf' });
  });
});

describe('deleting a conversation', () => {
  it('deletes the files sent in it, bytes included, but not one also sent elsewhere', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const only = await upload(cookie, 'nur-hier.png', SAMPLE_FILES.png);
    const shared = await upload(cookie, 'auch-dort.pdf', buildPdf({ pages: ['Geteilt'] }));
    const first = await sendChat(t.app, cookie, {
      message: 'Zwei Dateien [del-files]',
      fileIds: [only, shared],
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await sendChat(t.app, cookie, {
      message: 'Noch einmal [del-files]',
      fileIds: [shared],
    });
    expect(second.statusCode, second.body).toBe(200);
    const before = await storedFiles();

    const deleted = await api(t.app, {
      method: 'DELETE',
      url: `/api/conversations/${first.json().conversationId}`,
      cookie,
    });
    expect(deleted.statusCode).toBe(204);

    expect((await fileFor(cookie, only)).statusCode).toBe(404);
    expect(await storedFiles()).toBe(before - 1);
    // Still attached to the other conversation's message, and still readable there.
    expect((await fileFor(cookie, shared)).statusCode).toBe(200);
    const messages = await api(t.app, {
      method: 'GET',
      url: `/api/messages/${second.json().conversationId}`,
      cookie,
    });
    expect(messages.json()[0].attachments).toMatchObject([{ id: shared, name: 'auch-dort.pdf' }]);
  });
});

describe('an edit that replaces messages with files', () => {
  it('deletes the files only those messages had, and keeps the ones the edit sends again', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const kept = await upload(cookie, 'bleibt.png', SAMPLE_FILES.png);
    const replaced = await upload(cookie, 'ersetzt.png', SAMPLE_FILES.png);
    const later = await upload(cookie, 'danach.pdf', buildPdf({ pages: ['Später'] }));
    const first = await sendChat(t.app, cookie, {
      message: 'Zwei Bilder [edit-drop]',
      fileIds: [kept, replaced],
    });
    expect(first.statusCode, first.body).toBe(200);
    const conversationId = first.json().conversationId;
    const second = await sendChat(t.app, cookie, {
      message: 'Ein PDF [edit-drop]',
      conversationId,
      fileIds: [later],
    });
    expect(second.statusCode, second.body).toBe(200);
    const before = await storedFiles();

    // The edit keeps one image and drops the other; the later message (with its PDF) goes too.
    const edited = await api(t.app, {
      method: 'POST',
      url: '/api/chat/edit',
      cookie,
      payload: {
        messageId: first.json().userMessageId,
        message: 'Nur eins [edit-drop]',
        fileIds: [kept],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    expect((await fileFor(cookie, kept)).statusCode).toBe(200);
    expect((await fileFor(cookie, replaced)).statusCode).toBe(404);
    expect((await fileFor(cookie, later)).statusCode).toBe(404);
    expect(await storedFiles()).toBe(before - 2);
    const messages = await api(t.app, {
      method: 'GET',
      url: `/api/messages/${conversationId}`,
      cookie,
    });
    expect(messages.json()[0].attachments).toMatchObject([{ id: kept, name: 'bleibt.png' }]);
  });

  it("regenerating keeps the question's files and deletes those of later messages", async () => {
    const { cookie } = await createSignedInUser(t.db);
    const question = await upload(cookie, 'frage.png', SAMPLE_FILES.png);
    const later = await upload(cookie, 'spaeter.png', SAMPLE_FILES.png);
    const first = await sendChat(t.app, cookie, {
      message: 'Frage [regen-drop]',
      fileIds: [question],
    });
    const conversationId = first.json().conversationId;
    const second = await sendChat(t.app, cookie, {
      message: 'Später [regen-drop]',
      conversationId,
      fileIds: [later],
    });
    expect(second.statusCode, second.body).toBe(200);

    const regenerated = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie,
      payload: { messageId: first.json().message.id },
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);

    expect((await fileFor(cookie, question)).statusCode).toBe(200);
    expect((await fileFor(cookie, later)).statusCode).toBe(404);
  });
});

describe('a file sent again in a later message of the same conversation', () => {
  it('is on both messages, reaches the model again on regenerate and edit, and goes once with the conversation', async () => {
    const { cookie } = await createSignedInUser(t.db);
    const fileId = await upload(cookie, 'wieder.png', SAMPLE_FILES.png);
    const first = await sendChat(t.app, cookie, { message: 'Eins [again1]', fileIds: [fileId] });
    expect(first.statusCode, first.body).toBe(200);
    const { conversationId } = first.json();
    const later = await sendChat(t.app, cookie, {
      message: 'Zwei [again2]',
      conversationId,
      fileIds: [fileId],
    });
    expect(later.statusCode, later.body).toBe(200);
    const history = () => historyWithFiles(cookie, conversationId);
    const reply = 'Hello from the fake model.';
    expect(await history()).toEqual([
      ['Eins [again1]', [fileId]],
      [reply, []],
      ['Zwei [again2]', [fileId]],
      [reply, []],
    ]);

    /** The parts of the newest upstream request that asks `marker`. */
    const sentParts = (marker: string) =>
      partsOf(
        fake
          .chatRequests()
          .filter((request) => lastUserText(request).includes(marker))
          .at(-1)!
          .body.messages!.at(-1),
      ).map((part) => part.type);
    const asked = (marker: string) =>
      fake.chatRequests().filter((request) => lastUserText(request).includes(marker)).length;

    const regenerated = await api(t.app, {
      method: 'POST',
      url: '/api/chat/regenerate',
      cookie,
      payload: { messageId: later.json().message.id },
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect(asked('[again2]')).toBe(2);
    expect(sentParts('[again2]')).toEqual(['text', 'image_url']);

    const edited = await api(t.app, {
      method: 'POST',
      url: '/api/chat/edit',
      cookie,
      payload: { messageId: later.json().userMessageId, message: 'Zwei, anders [again3]' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(sentParts('[again3]')).toEqual(['text', 'image_url']);
    expect(await history()).toEqual([
      ['Eins [again1]', [fileId]],
      [reply, []],
      ['Zwei, anders [again3]', [fileId]],
      [reply, []],
    ]);

    const before = await storedFiles();
    const deleted = await api(t.app, {
      method: 'DELETE',
      url: `/api/conversations/${conversationId}`,
      cookie,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const info = await api(t.app, { method: 'GET', url: `/api/files/${fileId}`, cookie });
    expect(info.statusCode).toBe(404);
    expect(await storedFiles()).toBe(before - 1);
  });
});
