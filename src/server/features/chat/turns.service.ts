import { randomBytes } from 'node:crypto';
import { requireOwnConversation, requireOwnMessage } from '#server/ports/ownership.ts';
import type { ChatRequest, EditRequest, RegenerateRequest } from '#shared/chat/chat-schemas.ts';
import type { ReplyEvents } from '#server/realtime/reply-events.ts';
import { conflict, invalid, notFound } from '#shared/errors/app-error.ts';
import { findLastMessage, findMessageFileIds, findUserMessageBefore } from './chat.queries.ts';
import { startTurn, type ChatEngine, type ChatUser } from './chat.service.ts';
import {
  KeyTaken,
  recordKeyedReply,
  resumeKeyedSend,
  type KeyedRequest,
} from './idempotency.service.ts';

/** Random, URL-safe and unguessable (issue #3): 128 bits in base64url. */
const newConversationId = () => randomBytes(16).toString('base64url');

/**
 * POST /api/chat: a new message, in a new conversation when conversationId is empty. With an
 * Idempotency-Key that an earlier request holds, that request's reply instead (a retry).
 */
export async function sendMessage(
  engine: ChatEngine,
  user: ChatUser,
  body: ChatRequest,
  keyed?: KeyedRequest,
): Promise<ReplyEvents> {
  const id = body.conversationId?.trim();
  // The first request may be refused meanwhile and free the key: then this one runs.
  for (let attempt = 1; ; attempt++) {
    try {
      const generation = await startTurn(engine, user, body, {
        kind: 'send',
        conversationId: id || newConversationId(),
        isNew: !id,
        idempotency: keyed,
        text: body.message,
        fileIds: body.fileIds ?? [],
      });
      if (keyed) recordKeyedReply(engine, user.id, keyed.key, generation);
      return generation;
    } catch (error) {
      if (!(error instanceof KeyTaken) || !keyed) throw error;
      const first = await resumeKeyedSend(engine, user, keyed);
      if (first) return first;
      if (attempt === 3) throw conflict('This Idempotency-Key is in use; try again');
    }
  }
}

/**
 * Edit (spec 01-core §4): the edited user message and everything after it are replaced by the
 * new text, which is answered like a new message. Its files stay unless others are given.
 */
export async function editMessage(engine: ChatEngine, user: ChatUser, body: EditRequest) {
  const message = await requireOwnMessage(engine.db, user.id, body.messageId);
  if (!message.isUserMessage) {
    throw invalid('Only your own messages can be edited', {
      messageId: ['This is an assistant reply; regenerate it instead'],
    });
  }
  const { conversationId } = await requireOwnConversation(
    engine.db,
    user.id,
    message.conversationId,
  );
  const fileIds = body.fileIds ?? (await findMessageFileIds(engine.db, message.id));
  return startTurn(engine, user, body, {
    kind: 'edit',
    conversationId,
    text: body.message,
    fileIds,
    replaceFromId: message.id,
  });
}

/**
 * Regenerate (spec 01-core §4): the reply and everything after it are removed and the nearest
 * earlier user message is answered again. With only a conversationId, a last user message whose
 * reply failed is answered (a retry that does not store the text twice).
 */
export async function regenerateReply(engine: ChatEngine, user: ChatUser, body: RegenerateRequest) {
  const { db } = engine;
  let conversationId: string;
  let question: { id: number; content: string } | undefined;
  if (body.messageId !== undefined) {
    const reply = await requireOwnMessage(db, user.id, body.messageId);
    // A conversationId given too must be the reply's: else the client means another reply.
    if (body.conversationId !== undefined && body.conversationId !== reply.conversationId) {
      throw notFound('Message not found');
    }
    if (reply.isUserMessage) {
      throw invalid('Only assistant replies can be regenerated', {
        messageId: ['This is a user message; edit it instead'],
      });
    }
    conversationId = reply.conversationId;
    question = await findUserMessageBefore(db, conversationId, reply.id);
  } else {
    conversationId = body.conversationId!;
    await requireOwnConversation(db, user.id, conversationId);
    // A reply still being written is finished (stored) first, so "last" is what the user sees.
    await engine.registry.stop(conversationId);
    const last = await findLastMessage(db, conversationId);
    question = last?.isUserMessage ? last : undefined;
  }
  if (!question) {
    throw invalid('There is no user message to answer', {
      messageId: ['Give the messageId of the reply to regenerate'],
    });
  }
  await requireOwnConversation(db, user.id, conversationId);
  const fileIds = await findMessageFileIds(db, question.id);
  return startTurn(engine, user, body, {
    kind: 'regenerate',
    conversationId,
    text: question.content,
    fileIds,
    userMessageId: question.id,
  });
}
