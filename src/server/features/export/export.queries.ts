import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { messages } from '#server/db/schema/chat.ts';
import { personas } from '#server/db/schema/personas.ts';
import { settings } from '#server/db/schema/settings.ts';

/** All messages of a conversation in the order the chat shows them. */
export async function listConversationMessages(
  db: Executor,
  userId: number,
  conversationId: string,
) {
  return db
    .select({
      content: messages.content,
      isUserMessage: messages.isUserMessage,
      timestamp: messages.timestamp,
    })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId)))
    .orderBy(asc(messages.timestamp), asc(messages.id));
}

export async function findUserSettings(db: Executor, userId: number) {
  const [row] = await db
    .select({ language: settings.language, defaultPersona: settings.defaultPersona })
    .from(settings)
    .where(eq(settings.userId, userId))
    .limit(1);
  return row;
}

export type PersonaNames = Pick<
  typeof personas.$inferSelect,
  'name' | 'nameDe' | 'nameZh' | 'nameMk' | 'nameSq' | 'nameKo'
>;

const personaNames = {
  name: personas.name,
  nameDe: personas.nameDe,
  nameZh: personas.nameZh,
  nameMk: personas.nameMk,
  nameSq: personas.nameSq,
  nameKo: personas.nameKo,
};

/** A built-in persona or one of the user's own; never another user's. */
export async function findVisiblePersona(db: Executor, userId: number, personaId: number) {
  const [row] = await db
    .select(personaNames)
    .from(personas)
    .where(
      and(eq(personas.id, personaId), or(isNull(personas.userId), eq(personas.userId, userId))),
    )
    .limit(1);
  return row;
}

/** The built-in persona flagged default, else the first built-in one (spec 01-core §4). */
export async function findFallbackPersona(db: Executor) {
  const [row] = await db
    .select(personaNames)
    .from(personas)
    .where(isNull(personas.userId))
    .orderBy(asc(eq(personas.isDefault, false)), asc(personas.id))
    .limit(1);
  return row;
}
