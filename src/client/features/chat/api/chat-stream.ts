import { readEvents } from '#client/lib/event-stream.ts';
import {
  apiRequest,
  CHECKS_ANSWERS,
  HttpError,
  loadResponseSchemas,
  type RequestOptions,
} from '#client/lib/http.ts';
import type { ChatReply, ChatStreamEvent } from '#shared/chat/chat-schemas.ts';
import type { TurnRequest } from '../chat-items.ts';

export interface StreamHandlers {
  /** The server accepted the message: ids of the conversation and both messages. */
  onStart?: (start: { conversationId: string; userMessageId: number }) => void;
  onDelta?: (text: string) => void;
  /** Every event's id, to resume with Last-Event-ID after a dropped connection. */
  onEventId?: (id: string) => void;
}

/** Spec 01-core §5: a reply without a message is an error with this text. */
export const INVALID_REPLY_MESSAGE = 'Ungültige Antwort vom Server erhalten';

/** The events of ChatStreamEventSchema: what a production build checks of an event by itself. */
const STREAM_EVENTS = new Set<string>(['start', 'delta', 'done', 'error']);
const isObject = (value: unknown) => typeof value === 'object' && value !== null;

/**
 * POST /api/chat as Server-Sent Events through the shared request helper (credentials, no-cache,
 * X-Requested-With). Resolves with the `done` reply; an `error` event or a non-2xx answer (for
 * example 429 QUOTA_EXCEEDED_ERROR before anything streams) rejects with an HttpError, an event
 * that breaks the contract with the invalid-reply error.
 */
export async function streamChat<Path extends TurnRequest['path']>(
  path: Path,
  body: Extract<TurnRequest, { path: Path }>['body'],
  handlers: StreamHandlers,
  options: Pick<RequestOptions, 'signal' | 'idempotencyKey'> = {},
): Promise<ChatReply> {
  const response = await apiRequest('POST', path, body, {
    ...options,
    accept: 'text/event-stream',
  });
  return readReply(response, handlers);
}

/**
 * GET /api/chat/stream/:conversationId: follows a reply that is still being generated (a reopened
 * conversation, or after a dropped connection with the last event id seen). Resolves with the
 * reply, or null when nothing is being generated (204).
 */
export async function followReply(
  conversationId: string,
  handlers: StreamHandlers,
  options: { signal?: AbortSignal; lastEventId?: string } = {},
): Promise<ChatReply | null> {
  const response = await apiRequest(
    'GET',
    `/api/chat/stream/${encodeURIComponent(conversationId)}`,
    undefined,
    { ...options, accept: 'text/event-stream' },
  );
  if (response.status === 204 || !response.body) return null;
  return readReply(response, handlers);
}

/** Reads a reply's events up to `done`; an `error` event rejects with an HttpError. */
async function readReply(response: Response, handlers: StreamHandlers): Promise<ChatReply> {
  if (!response.body) throw new Error(INVALID_REPLY_MESSAGE);
  // zod and the shared schemas come with the first answer read, and only where answers are checked.
  const schemas = CHECKS_ANSWERS ? loadResponseSchemas() : null;
  for await (const { event, data, id } of readEvents(response.body)) {
    let message: ChatStreamEvent;
    try {
      const parsed = { id, event, data: JSON.parse(data) as unknown };
      if (schemas) message = (await schemas).ChatStreamEventSchema.parse(parsed);
      else if (STREAM_EVENTS.has(event) && isObject(parsed.data))
        message = parsed as ChatStreamEvent;
      else throw new Error(INVALID_REPLY_MESSAGE);
    } catch {
      // An event that breaks the contract (not JSON, or not ChatStreamEventSchema): an invalid reply.
      throw new Error(INVALID_REPLY_MESSAGE);
    }
    handlers.onEventId?.(message.id);
    if (message.event === 'start') handlers.onStart?.(message.data);
    else if (message.event === 'delta') handlers.onDelta?.(message.data.text);
    else if (message.event === 'done') return message.data;
    else {
      const { statusCode, message: text, code, details } = message.data;
      throw new HttpError(statusCode, text, code, details);
    }
  }
  throw new Error(INVALID_REPLY_MESSAGE);
}
