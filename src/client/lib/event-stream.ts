/** One Server-Sent Event (`event:`, its `data:` lines joined, and its `id:`). */
export interface SseEvent {
  event: string;
  data: string;
  /** The event's `id:`, sent back as Last-Event-ID to resume after it. */
  id?: string;
}

/**
 * Splits a text/event-stream body into events (WHATWG SSE). Buffers across chunk borders; comment
 * lines (heartbeats) and `retry:` fields are skipped. Used by every live stream of the app: the
 * chat's replies now, the code hub's sessions and the inbox next.
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
