import { and, eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { conversations } from './schema/chat.ts';

/**
 * The user's conversation with this id; undefined when it does not exist or is someone else's
 * (callers answer 404 either way). Shared by the chat, conversations and export features.
 */
export async function findOwnConversation(db: Executor, userId: number, conversationId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.conversationId, conversationId), eq(conversations.userId, userId)))
    .limit(1);
  return row;
}
