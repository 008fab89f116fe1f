import { and, eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { conversations, messages } from './schema/chat.ts';
import { personas } from './schema/personas.ts';

/**
 * The ownership reads every feature shares. Callers go through the guards of
 * src/server/ports/ownership.ts, which decide what a missing or foreign row answers.
 */

/** The user's conversation with this id; undefined when it does not exist or is someone else's. */
export async function findOwnConversation(db: Executor, userId: number, conversationId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.conversationId, conversationId), eq(conversations.userId, userId)))
    .limit(1);
  return row;
}

/** The user's message with this id; undefined when it does not exist or is someone else's. */
export async function findOwnMessage(db: Executor, userId: number, messageId: number) {
  const [row] = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      isUserMessage: messages.isUserMessage,
      timestamp: messages.timestamp,
      content: messages.content,
    })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)))
    .limit(1);
  return row;
}

/** Who owns a persona (null: built-in) and whether it is the default; undefined when unknown. */
export async function findPersonaOwnership(db: Executor, personaId: number) {
  const [row] = await db
    .select({ id: personas.id, userId: personas.userId, isDefault: personas.isDefault })
    .from(personas)
    .where(eq(personas.id, personaId))
    .limit(1);
  return row;
}
