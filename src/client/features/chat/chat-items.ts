import type { z } from 'zod';
import { classifyError } from '#client/lib/errors.ts';
import { HttpError } from '#client/lib/http.ts';
import type {
  ChatReply,
  ChatRequestSchema,
  EditRequestSchema,
  Message,
  RegenerateRequestSchema,
} from '#shared/chat/chat-schemas.ts';

/** A row of the message list: a stored message, one not yet confirmed, or the error bubble. */
export interface ChatItem {
  key: string;
  id: number | null;
  content: string;
  isUserMessage: boolean;
  timestamp: string;
  kind: 'message' | 'stopped' | 'error';
  /** The user's rating of an assistant reply, as stored on the server. */
  feedback: Message['feedback'];
  /** On an error bubble: the request that answers the failed turn again. */
  retry?: TurnRequest;
}

/** The local user row that gets the stored id once the server confirms the message. */
type Turn<Path extends string, Schema extends z.ZodType> = {
  path: Path;
  body: z.input<Schema>;
  userKey: string | null;
};

/**
 * A request that produces a reply: a new message, an edit or a regenerate (decision 040), its
 * body typed by the server's own request schema. A new message carries its idempotency key: a
 * retry of the same send after a network error sends the same key, so the server answers it with
 * the first request's result instead of storing the message twice (issue #15 item 9).
 */
export type TurnRequest =
  | (Turn<'/api/chat', typeof ChatRequestSchema> & { idempotencyKey: string })
  | Turn<'/api/chat/edit', typeof EditRequestSchema>
  | Turn<'/api/chat/regenerate', typeof RegenerateRequestSchema>;

/**
 * How a turn ended for whoever started it: `refused` when the usage limit refused it, so nothing
 * was stored and the message goes back to its writer (decision 305); `done` otherwise (a reply,
 * or the error bubble with its retry).
 */
export type TurnOutcome = 'done' | 'refused';

/** idle; waiting (typing indicator until the first token); streaming (tokens arriving). */
export type ChatStatus = 'idle' | 'waiting' | 'streaming';

/** A model and persona the user picked for the replies (absent: the server's defaults). */
export interface ReplyChoice {
  model?: string;
  personaId?: number;
}

export const fromMessage = (message: Message): ChatItem => ({
  key: `m-${message.id}`,
  id: message.id,
  content: message.content,
  isUserMessage: message.isUserMessage,
  timestamp: message.timestamp,
  kind: message.status === 'stopped' ? 'stopped' : 'message',
  feedback: message.feedback,
});

/**
 * The list item of a finished reply. A reply stopped before its first token was never stored
 * (decision 040): it gets no bubble, as on reopening the conversation.
 */
export const replyItems = (reply: ChatReply): ChatItem[] =>
  reply.message.status === 'stopped' && reply.message.content === ''
    ? []
    : [
        {
          key: `m-${reply.message.id}`,
          id: reply.message.id,
          content: reply.message.content,
          isUserMessage: false,
          timestamp: reply.message.timestamp,
          kind: reply.message.status === 'stopped' ? 'stopped' : 'message',
          feedback: null,
        },
      ];

/** Spec 01-core §8 "Chat errors": what counts as the usage limit rather than a failure. */
export function isLimitError(error: unknown): boolean {
  if (error instanceof HttpError && error.code === 'QUOTA_EXCEEDED_ERROR') return true;
  if (classifyError(error).kind === 'quota') return true;
  const text = error instanceof Error ? error.message.toLowerCase() : '';
  return text.includes('message limit') || text.includes('nachrichtenlimit');
}

let localKey = 0;

/** A key for a row not stored yet ("local-1", "error-2"), unique for the page's lifetime. */
export function newLocalKey(prefix: 'local' | 'error'): string {
  localKey += 1;
  return `${prefix}-${localKey}`;
}

/** The retry of a question that is stored but unanswered: regenerate answers it, not sending twice. */
export const answerAgain = (conversationId: string): TurnRequest => ({
  path: '/api/chat/regenerate',
  body: { conversationId },
  userKey: null,
});

/** The red error bubble of a failed turn, with the request that answers it again. */
export const errorItem = (retry: TurnRequest): ChatItem => ({
  key: newLocalKey('error'),
  id: null,
  content: '',
  isUserMessage: false,
  timestamp: new Date().toISOString(),
  kind: 'error',
  feedback: null,
  retry,
});

/** A user message the list shows at once, before the server has stored it. */
export const localUserItem = (key: string, content: string): ChatItem => ({
  key,
  id: null,
  content,
  isUserMessage: true,
  timestamp: new Date().toISOString(),
  kind: 'message',
  feedback: null,
});
