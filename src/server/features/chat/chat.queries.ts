import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { chatFiles, messages } from '#server/db/schema/chat.ts';
import { personas } from '#server/db/schema/personas.ts';

/** What the chat needs of a persona: ownership and the prompt in every language. */
export type PersonaRow = Pick<
  typeof personas.$inferSelect,
  | 'id'
  | 'userId'
  | 'isDefault'
  | 'systemPrompt'
  | 'systemPromptDe'
  | 'systemPromptZh'
  | 'systemPromptMk'
  | 'systemPromptSq'
  | 'systemPromptKo'
>;

/**
 * Messages of a conversation are ordered by (timestamp, id). Positions are compared in SQL
 * against the stored row, since JavaScript dates lose the column's microseconds.
 */
export function isBefore(messageId: number) {
  return sql`(${messages.timestamp}, ${messages.id}) < (select m.timestamp, m.id from ${messages} m where m.id = ${messageId})`;
}

/** The nearest user message before a position (regenerate, spec 01-core §4). */
export async function findUserMessageBefore(
  db: Executor,
  conversationId: string,
  beforeMessageId: number,
) {
  const [row] = await db
    .select({ id: messages.id, content: messages.content, timestamp: messages.timestamp })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.isUserMessage, true),
        isBefore(beforeMessageId),
      ),
    )
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(1);
  return row;
}

export async function findLastMessage(db: Executor, conversationId: string) {
  const [row] = await db
    .select({
      id: messages.id,
      content: messages.content,
      isUserMessage: messages.isUserMessage,
      timestamp: messages.timestamp,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(1);
  return row;
}

export async function findMessageFileIds(db: Executor, messageId: number) {
  const rows = await db
    .select({ fileId: chatFiles.fileId })
    .from(chatFiles)
    .where(eq(chatFiles.messageId, messageId))
    .orderBy(asc(chatFiles.id));
  return rows.map((row) => row.fileId);
}
