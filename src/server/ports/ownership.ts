import type { Executor } from '#server/db/client.ts';
import {
  findOwnConversation,
  findOwnMessage,
  findPersonaOwnership,
} from '#server/db/ownership.queries.ts';
import { forbidden, notFound } from '#shared/errors/app-error.ts';
import {
  canUsePersona,
  type PersonaOwnership,
  type PersonaUser,
} from '#shared/personas/persona-access.ts';

/**
 * Object checks that several features need, in one place each (ARCHITECTURE.md "who may do
 * what"): another user's conversation, message or persona is a 404 on every route, as if it did
 * not exist (issue #3), so nobody can probe for ids.
 */

/** For callers that learn of a foreign or missing conversation from their own statement. */
export const conversationNotFound = () => notFound('Conversation not found');

export async function requireOwnConversation(db: Executor, userId: number, conversationId: string) {
  const conversation = await findOwnConversation(db, userId, conversationId);
  if (!conversation) throw conversationNotFound();
  return conversation;
}

export async function requireOwnMessage(db: Executor, userId: number, messageId: number) {
  const message = await findOwnMessage(db, userId, messageId);
  if (!message) throw notFound('Message not found');
  return message;
}

/**
 * A persona chosen for a chat or a conversation: someone else's (or none) is a 404, one above
 * the user's plan a 403 (spec 01-core §6).
 */
export function requireUsablePersona<T extends PersonaOwnership>(
  user: PersonaUser,
  persona: T | undefined,
): T {
  if (!persona || (persona.userId !== null && persona.userId !== user.id)) {
    throw notFound('Persona not found');
  }
  if (!canUsePersona(user, persona)) throw forbidden('This persona is not available on your plan');
  return persona;
}

/** The same rule for a persona named by id (a conversation's persona). */
export async function requireUsablePersonaById(db: Executor, user: PersonaUser, personaId: number) {
  return requireUsablePersona(user, await findPersonaOwnership(db, personaId));
}

/** Whether the user may choose the persona (settings answer 422 rather than 404/403). */
export async function isUsablePersona(db: Executor, user: PersonaUser, personaId: number) {
  const persona = await findPersonaOwnership(db, personaId);
  return persona !== undefined && canUsePersona(user, persona);
}

/** A row the user owns; none, or someone else's (public or not), is a 404 with `message`. */
export function requireOwnRow<T extends { userId: number }>(
  row: T | undefined,
  userId: number,
  message: string,
): T {
  if (!row || row.userId !== userId) throw notFound(message);
  return row;
}

/** A row the user may read: their own or a public one; anything else is a 404 with `message`. */
export function requireReadableRow<T extends { userId: number; isPublic: boolean }>(
  row: T | undefined,
  userId: number,
  message: string,
): T {
  if (!row || (row.userId !== userId && !row.isPublic)) throw notFound(message);
  return row;
}
