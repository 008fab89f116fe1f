import { and, asc, eq, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { chatFiles } from '#server/db/schema/chat.ts';
import { fileContents, userFiles } from '#server/db/schema/files.ts';
import { users } from '#server/db/schema/users.ts';
import type { FileStatus } from '#shared/files/file-schemas.ts';

export type FileRow = typeof userFiles.$inferSelect;

export async function insertFile(db: Executor, values: typeof userFiles.$inferInsert) {
  const [row] = await db.insert(userFiles).values(values).returning();
  return row!;
}

/** Bytes the user's stored files take. */
export async function sumFileBytes(db: Executor, userId: number) {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${userFiles.fileSize}), 0)` })
    .from(userFiles)
    .where(eq(userFiles.userId, userId));
  return Number(row?.bytes ?? 0);
}

/**
 * Locks the user's row until the transaction ends, so that one user's concurrent uploads are
 * counted against the storage quota one after the other.
 */
export async function lockUserForUpload(tx: Executor, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function findOwnFile(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(userFiles)
    .where(and(eq(userFiles.id, id), eq(userFiles.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findOwnFiles(db: Executor, userId: number, ids: number[]) {
  return db
    .select()
    .from(userFiles)
    .where(and(inArray(userFiles.id, ids), eq(userFiles.userId, userId)));
}

/** No chat_files row links the file: no message was sent with it, or none is left. */
const isUnlinked = (db: Executor) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(chatFiles)
      .where(eq(chatFiles.fileId, userFiles.id)),
  );

/** The user's files among `ids` that no chat_files row links; their storage paths. */
export async function deleteUnlinkedFiles(db: Executor, userId: number, ids: number[]) {
  return db
    .delete(userFiles)
    .where(and(inArray(userFiles.id, ids), eq(userFiles.userId, userId), isUnlinked(db)))
    .returning({ storagePath: userFiles.storagePath });
}

export async function deleteOwnFile(db: Executor, userId: number, id: number) {
  const [row] = await db
    .delete(userFiles)
    .where(and(eq(userFiles.id, id), eq(userFiles.userId, userId)))
    .returning({ storagePath: userFiles.storagePath });
  return row ?? null;
}

export async function setFileStatus(
  db: Executor,
  id: number,
  status: FileStatus,
  processingError: string | null = null,
) {
  const [row] = await db
    .update(userFiles)
    .set({ status, processingError })
    .where(eq(userFiles.id, id))
    .returning();
  return row ?? null;
}

/** One file_contents row per page with text (spec 02 §3 file_contents: contentType, pageNumber). */
export async function insertPageTexts(
  db: Executor,
  fileId: number,
  pages: { pageNumber: number; text: string }[],
) {
  const BATCH = 200;
  for (let start = 0; start < pages.length; start += BATCH) {
    await db.insert(fileContents).values(
      pages.slice(start, start + BATCH).map((page) => ({
        fileId,
        contentType: 'text',
        content: page.text,
        pageNumber: page.pageNumber,
      })),
    );
  }
}

/** The next pages of a file's extracted text after afterPage, in page order. */
export async function findPageTexts(
  db: Executor,
  fileId: number,
  afterPage: number,
  limit: number,
) {
  return db
    .select({ pageNumber: fileContents.pageNumber, text: fileContents.content })
    .from(fileContents)
    .where(
      and(
        eq(fileContents.fileId, fileId),
        eq(fileContents.contentType, 'text'),
        gt(fileContents.pageNumber, afterPage),
      ),
    )
    .orderBy(asc(fileContents.pageNumber))
    .limit(limit);
}

/**
 * Links files to a conversation's message. A file sent again in a later message is linked to that
 * one too; linking a file to the same message again (a regenerate) keeps the one link.
 */
export async function linkChatFiles(
  db: Executor,
  links: { conversationId: string; fileId: number; messageId: number }[],
) {
  if (links.length === 0) return;
  await db
    .insert(chatFiles)
    .values(links)
    .onConflictDoNothing({ target: [chatFiles.messageId, chatFiles.fileId] });
}

/** Which of these storage names still belong to a user_files row. */
export async function findKnownStorageNames(db: Executor, names: string[]) {
  if (names.length === 0) return new Set<string>();
  const rows = await db
    .select({ filename: userFiles.filename })
    .from(userFiles)
    .where(inArray(userFiles.filename, names));
  return new Set(rows.map((row) => row.filename));
}

/** Files left in 'processing' by a process that stopped before finishing them. */
export async function failStaleProcessing(db: Executor, startedBefore: Date, message: string) {
  const rows = await db
    .update(userFiles)
    .set({ status: 'failed', processingError: message })
    .where(and(eq(userFiles.status, 'processing'), lt(userFiles.createdAt, startedBefore)))
    .returning({ id: userFiles.id });
  return rows.length;
}

/**
 * Deletes the files uploaded before `createdBefore` that no message has ever linked (uploads never
 * sent); their storage paths.
 */
export async function deleteUnattachedFiles(db: Executor, createdBefore: Date) {
  return db
    .delete(userFiles)
    .where(and(lt(userFiles.createdAt, createdBefore), isUnlinked(db)))
    .returning({ storagePath: userFiles.storagePath });
}
