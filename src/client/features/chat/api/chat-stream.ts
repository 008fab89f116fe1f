import { apiRequest, HttpError } from '#client/lib/http.ts';
import type { ChatReply } from '#shared/chat/chat-schemas.ts';

/** One Server-Sent Event as the chat routes write it (`event:` and one `data:` line of JSON). */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream body into events. Buffers across chunk borders; comment lines
 * (heartbeats) and `retry:`/`id:` fields are skipped.
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
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length > 0) yield { event, data: data.join('\n') };
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
  if (!response.body) throw new Error(INVALID_REPLY_MESSAGE);
  for await (const { event, data } of readEvents(response.body)) {
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
