import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { chatFiles, conversations, messages } from '#server/db/schema/chat.ts';
import { userFiles } from '#server/db/schema/files.ts';

export type ConversationRow = typeof conversations.$inferSelect;

/** updated_at with its microseconds, for cursors that never skip a row. */
const updatedAtText = sql<string>`to_char(${conversations.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A user's conversations, most recently active first, after a (updatedAt, id) cursor. */
export async function listConversations(
  db: Executor,
  userId: number,
  input: { limit: number; before?: { updatedAt: string; id: number } },
) {
  return db
    .select({ row: conversations, cursorTime: updatedAtText })
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        input.before
          ? sql`(${conversations.updatedAt}, ${conversations.id}) < (${input.before.updatedAt}::timestamptz, ${input.before.id})`
          : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(input.limit);
}

/** How many conversations the user has (index-only scan of conversations_user_recent_idx). */
export async function countConversations(db: Executor, userId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(conversations)
    .where(eq(conversations.userId, userId));
  return row?.total ?? 0;
}

export async function updateConversation(
  db: Executor,
  userId: number,
  conversationId: string,
  changes: { title?: string | null; personaId?: number | null },
) {
  const [row] = await db
    .update(conversations)
    .set(changes)
    .where(and(eq(conversations.conversationId, conversationId), eq(conversations.userId, userId)))
    .returning();
  return row;
}

/**
 * Messages and their chat_files links go with the conversation (foreign keys cascade). Returns
 * the ids of the files it linked (null: not the user's conversation). The caller keeps new
 * replies, and with them new links, out of the conversation meanwhile (withRepliesCancelled).
 */
export async function deleteConversation(db: Executor, userId: number, conversationId: string) {
  const linked = await db
    .selectDistinct({ fileId: chatFiles.fileId })
    .from(chatFiles)
    .where(eq(chatFiles.conversationId, conversationId));
  const rows = await db
    .delete(conversations)
    .where(and(eq(conversations.conversationId, conversationId), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  return rows.length > 0 ? linked.map((link) => link.fileId) : null;
}

const messageColumns = {
  id: messages.id,
  content: messages.content,
  isUserMessage: messages.isUserMessage,
  timestamp: messages.timestamp,
  conversationId: messages.conversationId,
  status: messages.status,
  model: messages.model,
  feedback: messages.feedback,
};
export type MessageRow = { [K in keyof typeof messageColumns]: (typeof messages.$inferSelect)[K] };

/**
 * A message's place in the (timestamp, id) order its conversation is read in. Only a message of
 * the same conversation has one: another's id (a forged cursor, or a message deleted since) reads
 * nothing, and tells nothing of when that message was written; getMessages answers it with a 404.
 */
const placeOf = (conversationId: string, id: number) =>
  sql`(select m.timestamp, m.id from ${messages} m where m.id = ${id} and m.conversation_id = ${conversationId})`;

/** The latest `limit` messages before a message (or the end), newest first. */
export async function listMessages(
  db: Executor,
  conversationId: string,
  input: { limit: number; beforeId?: number },
): Promise<MessageRow[]> {
  const before =
    input.beforeId === undefined
      ? undefined
      : sql`(${messages.timestamp}, ${messages.id}) < ${placeOf(conversationId, input.beforeId)}`;
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), before))
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(input.limit);
}

/** The first `limit` messages after a message, oldest first. */
export async function listMessagesAfter(
  db: Executor,
  conversationId: string,
  input: { limit: number; afterId: number },
): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        sql`(${messages.timestamp}, ${messages.id}) > ${placeOf(conversationId, input.afterId)}`,
      ),
    )
    .orderBy(asc(messages.timestamp), asc(messages.id))
    .limit(input.limit);
}

/** A message of this conversation (undefined: none, or one of another conversation). */
export async function findConversationMessage(
  db: Executor,
  conversationId: string,
  messageId: number,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return row;
}

export async function listAttachments(db: Executor, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      messageId: chatFiles.messageId,
      id: userFiles.id,
      name: userFiles.originalFilename,
      type: userFiles.fileType,
      size: userFiles.fileSize,
    })
    .from(chatFiles)
    .innerJoin(userFiles, eq(userFiles.id, chatFiles.fileId))
    .where(inArray(chatFiles.messageId, messageIds))
    .orderBy(asc(chatFiles.id));
}

export async function setFeedback(
  db: Executor,
  userId: number,
  messageId: number,
  feedback: string | null,
) {
  const [row] = await db
    .update(messages)
    .set({ feedback })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.userId, userId),
        eq(messages.isUserMessage, false),
      ),
    )
    .returning({ id: messages.id, feedback: messages.feedback });
  return row;
}
