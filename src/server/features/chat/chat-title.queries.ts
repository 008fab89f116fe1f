import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';

/**
 * What a title job reads: the conversation's current title and its first exchange. Null when the
 * conversation or either message is gone (deleted, or the message edited away meanwhile).
 */
export async function findTitleExchange(
  db: Executor,
  input: { userId: number; conversationId: string; userMessageId: number; replyId: number },
) {
  const [conversation] = await db
    .select({ title: conversations.title })
    .from(conversations)
    .where(
      and(
        eq(conversations.conversationId, input.conversationId),
        eq(conversations.userId, input.userId),
      ),
    )
    .limit(1);
  if (!conversation) return null;
  const rows = await db
    .select({ id: messages.id, content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, input.conversationId),
        inArray(messages.id, [input.userMessageId, input.replyId]),
      ),
    );
  const question = rows.find((row) => row.id === input.userMessageId)?.content;
  const answer = rows.find((row) => row.id === input.replyId)?.content;
  if (question === undefined || answer === undefined) return null;
  return { title: conversation.title, question, answer };
}
