import type { Executor } from '#server/db/client.ts';
import type { Attachments } from '#server/ports/attachments.ts';
import type { GenerationControl } from '#server/ports/generations.ts';
import {
  conversationNotFound,
  requireOwnConversation,
  requireOwnMessage,
  requireUsablePersonaById,
} from '#server/ports/ownership.ts';
import type { Message } from '#shared/chat/chat-schemas.ts';
import type {
  Conversation,
  MessageListQuery,
  UpdateConversation,
} from '#shared/chat/conversation-schemas.ts';
import { invalid, notFound } from '#shared/errors/app-error.ts';
import type { PersonaUser } from '#shared/personas/persona-access.ts';
import {
  countConversations,
  deleteConversation,
  findConversationMessage,
  listAttachments,
  listConversations,
  listMessages,
  listMessagesAfter,
  setFeedback,
  updateConversation,
  type ConversationRow,
  type MessageRow,
} from './conversations.queries.ts';

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    title: row.title,
    timestamp: row.timestamp.toISOString(),
    conversationId: row.conversationId,
    personaId: row.personaId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface Page<T> {
  items: T[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Pass as `after` for the newer page (lists opened in the middle); null or absent at the end. */
  newerCursor?: string | null;
  /** All items across pages; given on the first page only (lists show '+N more'). */
  total?: number;
}

function encodeCursor(updatedAt: string, id: number) {
  return Buffer.from(`${updatedAt}|${id}`).toString('base64url');
}

/** A UTC instant as encodeCursor writes it, naming a time that exists (the database casts it). */
function isCursorTime(value: string) {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d{1,6})?Z$/.exec(value);
  if (!match) return false;
  const time = new Date(value);
  // Date rolls 02-30 over to 03-01; a changed text means the time does not exist.
  return time.getUTCFullYear() >= 1 && time.toISOString().startsWith(match[1]!);
}

function decodeCursor(cursor: string) {
  const [updatedAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!updatedAt || !isCursorTime(updatedAt) || !/^\d{1,9}$/.test(id ?? '')) {
    throw invalid('Invalid cursor', { before: ['Use the X-Next-Cursor of the previous page'] });
  }
  return { updatedAt, id: Number(id) };
}

/** The user's conversations, most recently active first, a page at a time. */
export async function getConversations(
  db: Executor,
  userId: number,
  query: { limit: number; before?: string | undefined },
): Promise<Page<Conversation>> {
  const rows = await listConversations(db, userId, {
    limit: query.limit + 1,
    ...(query.before ? { before: decodeCursor(query.before) } : {}),
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = rows.length > query.limit;
  // The first page counts only when there is more than it shows: then the count is needed.
  const total = query.before
    ? undefined
    : hasMore
      ? await countConversations(db, userId)
      : page.length;
  return {
    items: page.map(({ row }) => toConversation(row)),
    nextCursor: hasMore && last ? encodeCursor(last.cursorTime, last.row.id) : null,
    ...(total === undefined ? {} : { total }),
  };
}

export async function getConversation(db: Executor, userId: number, conversationId: string) {
  return toConversation(await requireOwnConversation(db, userId, conversationId));
}

/** Renames (null resets to 'Neues Gespräch') or changes the persona to one the user may use. */
export async function changeConversation(
  db: Executor,
  user: PersonaUser,
  conversationId: string,
  patch: UpdateConversation,
) {
  await requireOwnConversation(db, user.id, conversationId);
  const changes: { title?: string | null; personaId?: number | null } = {};
  if (patch.title !== undefined) changes.title = patch.title;
  if (patch.personaId !== undefined) {
    if (patch.personaId !== null) {
      await requireUsablePersonaById(db, user, patch.personaId);
    }
    changes.personaId = patch.personaId;
  }
  const row = await updateConversation(db, user.id, conversationId, changes);
  if (!row) throw conversationNotFound();
  return toConversation(row);
}

/**
 * Deletes with its messages and attachments (issue #3 §3): the files sent in it go too, unless
 * they were also sent in another conversation. A reply still being written is cancelled first (its
 * upstream request aborted at once), so nothing is stored into the conversation after it is gone.
 * Only the user's own reply is cancelled, so a foreign id stays a plain 404.
 */
export async function removeConversation(
  ports: { db: Executor; generations: GenerationControl; attachments: Attachments },
  userId: number,
  conversationId: string,
) {
  const fileIds = await ports.generations.withRepliesCancelled(conversationId, userId, () =>
    deleteConversation(ports.db, userId, conversationId),
  );
  if (!fileIds) throw conversationNotFound();
  await ports.attachments.discardUnlinked({ userId, fileIds });
}

/** A message page's rows, oldest first, as the client reads them (with their attachments). */
async function toMessages(db: Executor, rows: MessageRow[]): Promise<Message[]> {
  const files = await listAttachments(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row): Message => ({
    id: row.id,
    content: row.content,
    isUserMessage: row.isUserMessage,
    timestamp: row.timestamp.toISOString(),
    conversationId: row.conversationId,
    status: row.status === 'stopped' ? 'stopped' : 'complete',
    model: row.model,
    feedback: row.feedback === 'positive' || row.feedback === 'negative' ? row.feedback : null,
    attachments: files
      .filter((file) => file.messageId === row.id)
      .map(({ id, name, type, size }) => ({ id, name, type, size })),
  }));
}

/**
 * The page around a message (a search hit, issue #5): the message with up to half the page before
 * it and the rest after it; near either end of the conversation the other side fills the page.
 */
async function readAround(db: Executor, conversationId: string, target: MessageRow, limit: number) {
  const [older, newer] = await Promise.all([
    listMessages(db, conversationId, { limit, beforeId: target.id }),
    listMessagesAfter(db, conversationId, { limit, afterId: target.id }),
  ]);
  const room = limit - 1;
  const olderCount = Math.min(older.length, Math.max(Math.floor(room / 2), room - newer.length));
  const newerCount = Math.min(newer.length, room - olderCount);
  return {
    rows: [...older.slice(0, olderCount).reverse(), target, ...newer.slice(0, newerCount)],
    hasOlder: older.length > olderCount,
    hasNewer: newer.length > newerCount,
  };
}

/** A message of the conversation, or a 404 (one of another conversation too). */
async function requireConversationMessage(db: Executor, conversationId: string, id: number) {
  const message = await findConversationMessage(db, conversationId, id);
  if (!message) throw notFound('Message not found');
  return message;
}

/**
 * A conversation's messages, oldest first: the latest `limit`, those before `before` or after
 * `after`, or the page around the message `around`. A message named that is not in the
 * conversation (any more: an edit or regenerate cut it) is a 404, never an empty page a client
 * would take for the conversation's start or end (decision 308). A cursor that is not one reads
 * nothing, so the check follows an empty read: a message deleted during the read is a 404 too.
 */
export async function getMessages(
  db: Executor,
  userId: number,
  conversationId: string,
  query: MessageListQuery,
): Promise<Page<Message>> {
  await requireOwnConversation(db, userId, conversationId);
  const { limit, before, after, around } = query;
  let page: { rows: MessageRow[]; hasOlder: boolean; hasNewer: boolean };
  if (around !== undefined) {
    const target = await requireConversationMessage(db, conversationId, around);
    page = await readAround(db, conversationId, target, limit);
  } else if (after !== undefined) {
    const rows = await listMessagesAfter(db, conversationId, { limit: limit + 1, afterId: after });
    if (rows.length === 0) await requireConversationMessage(db, conversationId, after);
    page = { rows: rows.slice(0, limit), hasOlder: false, hasNewer: rows.length > limit };
  } else {
    const rows = await listMessages(db, conversationId, {
      limit: limit + 1,
      ...(before === undefined ? {} : { beforeId: before }),
    });
    if (rows.length === 0 && before !== undefined) {
      await requireConversationMessage(db, conversationId, before);
    }
    page = { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit, hasNewer: false };
  }
  const first = page.rows[0];
  const last = page.rows.at(-1);
  return {
    items: await toMessages(db, page.rows),
    nextCursor: page.hasOlder && first ? String(first.id) : null,
    newerCursor: page.hasNewer && last ? String(last.id) : null,
  };
}

/** Feedback on the user's own assistant replies only. */
export async function giveFeedback(
  db: Executor,
  userId: number,
  messageId: number,
  feedback: 'positive' | 'negative' | null,
) {
  const row = await setFeedback(db, userId, messageId, feedback);
  if (row) return { id: row.id, feedback };
  await requireOwnMessage(db, userId, messageId);
  throw invalid('Feedback is only for assistant replies', {
    id: ['This is a user message'],
  });
}
