import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { prepareDatabase } from '#server/bootstrap.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { userFiles } from '#server/db/schema/files.ts';
import { loadEnv } from '#server/env.ts';
import { createAttachments } from '#server/features/files/attachments.ts';
import { createConversation, createSignedInUser } from '#tests/support/factories.ts';
import { api, TEST_SECRET } from '#tests/support/test-app.ts';
import { openDatabaseBefore } from '#tests/support/upgrade-database.ts';

/**
 * Migration 0005 keys chat_files by message instead of by conversation. The links a server made
 * before the upgrade stay, and the deleted conversation's files still go with it.
 */
let database: DatabaseHandle;
let app: FastifyInstance;
const env = loadEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: '.test-data/unused',
  CLIENT_DIST_DIR: '.test-data/no-client',
});

beforeAll(async () => {
  database = await openDatabaseBefore('0005_');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A ready PDF row (its text in file_contents is not needed to link it). */
async function createPdf(db: Database, userId: number, name: string) {
  const filename = randomBytes(16).toString('hex');
  const [row] = await db
    .insert(userFiles)
    .values({
      userId,
      filename,
      originalFilename: name,
      fileSize: 100,
      fileType: 'application/pdf',
      storagePath: `files/${filename}`,
      status: 'ready',
    })
    .returning({ id: userFiles.id });
  return row!.id;
}

it('keeps the links made before the upgrade and links a file to later messages after it', async () => {
  const { db } = database;
  const { user, cookie } = await createSignedInUser(db);
  const here = await createConversation(db, user.id, {
    messages: ['Mit Datei', 'Antwort', 'Nochmal mit Datei', 'Antwort'],
  });
  const elsewhere = await createConversation(db, user.id, { messages: ['Auch hier'] });
  const shared = await createPdf(db, user.id, 'geteilt.pdf');
  const onlyHere = await createPdf(db, user.id, 'nur-hier.pdf');
  const [asked, , askedAgain] = here.messages;
  const id = here.conversation.conversationId;
  // As the previous version stored them: one link per conversation and file; a link made before
  // migration 0002 names no message.
  await db.execute(sql`
    insert into chat_files (conversation_id, file_id, message_id)
    values (${id}, ${shared}, ${asked!.id}),
           (${id}, ${onlyHere}, null),
           (${elsewhere.conversation.conversationId}, ${shared}, ${elsewhere.messages[0]!.id})`);

  await prepareDatabase(database, {});
  app = await buildApp({ env, database, secret: TEST_SECRET, logger: false });
  await app.ready();
  const attachmentsOf = async (conversationId: string) =>
    (await api(app, { method: 'GET', url: `/api/messages/${conversationId}`, cookie }))
      .json()
      .map((m: { content: string; attachments: { id: number }[] }) => [
        m.content,
        m.attachments.map((a) => a.id),
      ]);
  expect(await attachmentsOf(id)).toEqual([
    ['Mit Datei', [shared]],
    ['Antwort', []],
    ['Nochmal mit Datei', []],
    ['Antwort', []],
  ]);

  await createAttachments({ db, env }).readForChat({
    userId: user.id,
    tier: 'free',
    fileIds: [shared],
    conversationId: id,
    messageId: askedAgain!.id,
  });
  expect(await attachmentsOf(id)).toEqual([
    ['Mit Datei', [shared]],
    ['Antwort', []],
    ['Nochmal mit Datei', [shared]],
    ['Antwort', []],
  ]);

  const deleted = await api(app, { method: 'DELETE', url: `/api/conversations/${id}`, cookie });
  expect(deleted.statusCode, deleted.body).toBe(204);
  const info = (fileId: number) => api(app, { method: 'GET', url: `/api/files/${fileId}`, cookie });
  expect((await info(onlyHere)).statusCode).toBe(404);
  expect((await info(shared)).statusCode).toBe(200);
  expect(await attachmentsOf(elsewhere.conversation.conversationId)).toEqual([
    ['Auch hier', [shared]],
  ]);
});
