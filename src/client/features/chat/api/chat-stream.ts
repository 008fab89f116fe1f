import { apiRequest, HttpError } from '#client/lib/http.ts';
import type { ChatReply } from '#shared/chat/chat-schemas.ts';

/** One Server-Sent Event as the chat routes write it (`event:` and one `data:` line of JSON). */
export interface SseEvent {
  event: string;
  data: string;
  /** The event's `id:`, sent back as Last-Event-ID to resume after it. */
  id?: string;
}

/**
 * Splits a text/event-stream body into events. Buffers across chunk borders; comment lines
 * (heartbeats) and `retry:` fields are skipped.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        let event = 'message';
        let id: string | undefined;
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          else if (line.startsWith('id:')) id = line.slice(3).trim();
        }
        if (data.length > 0) yield { event, data: data.join('\n'), ...(id ? { id } : {}) };
      }
    }
  } finally {
    reader.releaseLock();
  }
}

export interface StreamHandlers {
  /** The server accepted the message: ids of the conversation and both messages. */
  onStart?: (start: { conversationId: string; userMessageId: number }) => void;
  onDelta?: (text: string) => void;
  /** Every event's id, to resume with Last-Event-ID after a dropped connection. */
  onEventId?: (id: string) => void;
}

export interface ChatSendBody {
  message: string;
  conversationId?: string | null;
}

/** Spec 01-core §5: a reply without a message is an error with this text. */
export const INVALID_REPLY_MESSAGE = 'Ungültige Antwort vom Server erhalten';

/**
 * POST /api/chat as Server-Sent Events through the shared request helper (credentials, no-cache,
 * X-Requested-With). Resolves with the `done` reply; an `error` event or a non-2xx answer (for
 * example 429 QUOTA_EXCEEDED_ERROR before anything streams) rejects with an HttpError.
 */
export async function streamChat(
  path: string,
  body: unknown,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<ChatReply> {
  const response = await apiRequest('POST', path, body, {
    signal,
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
  for await (const { event, data, id } of readEvents(response.body)) {
    if (id) handlers.onEventId?.(id);
    const payload = JSON.parse(data) as Record<string, unknown>;
    if (event === 'start') {
      handlers.onStart?.(payload as { conversationId: string; userMessageId: number });
    } else if (event === 'delta') {
      handlers.onDelta?.(typeof payload.text === 'string' ? payload.text : '');
    } else if (event === 'done') {
      const reply = payload as unknown as ChatReply;
      if (!reply.message) throw new Error(INVALID_REPLY_MESSAGE);
      return reply;
    } else if (event === 'error') {
      const { statusCode, message, code, details } = payload as {
        statusCode?: number;
        message?: string;
        code?: string;
        details?: unknown;
      };
      throw new HttpError(statusCode ?? 500, message ?? '', code, details);
    }
  }
  throw new Error(INVALID_REPLY_MESSAGE);
}
