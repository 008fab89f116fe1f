import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { StreamEventSchemas, type StreamEventName } from '#shared/chat/chat-schemas.ts';
import { api } from './test-app.ts';

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

type EventData<E extends StreamEventName> = z.infer<(typeof StreamEventSchemas)[E]>;

/** The data of every event of that name, checked against the contract's schema. */
export function dataOf<E extends StreamEventName>(events: SseEvent[], name: E): EventData<E>[] {
  return events
    .filter((event) => event.event === name)
    .map((event) => StreamEventSchemas[name].parse(event.data) as EventData<E>);
}

/** The only event of that name (throws when there is none). */
export function single<E extends StreamEventName>(events: SseEvent[], name: E): EventData<E> {
  const [first, ...rest] = dataOf(events, name);
  if (!first || rest.length > 0)
    throw new Error(`expected one ${name} event, got ${rest.length + (first ? 1 : 0)}`);
  return first;
}

/** Parses a Server-Sent Events body into its events (comments and retry lines skipped). */
export function parseEvents(body: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of body.split('\n\n')) {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      const match = /^(id|event|data): ?(.*)$/.exec(line);
      if (match) fields[match[1]!] = match[2]!;
    }
    if (fields.event && fields.data !== undefined) {
      events.push({
        event: fields.event,
        data: JSON.parse(fields.data),
        ...(fields.id ? { id: fields.id } : {}),
      });
    }
  }
  return events;
}

/** POST /api/chat as JSON. */
export function sendChat(app: FastifyInstance, cookie: string, payload: object) {
  return api(app, { method: 'POST', url: '/api/chat', cookie, payload });
}

/** A chat call with Accept: text/event-stream; resolves when the stream ends. */
export async function streamChat(
  app: FastifyInstance,
  cookie: string,
  payload: object,
  url = '/api/chat',
) {
  const response = await api(app, {
    method: 'POST',
    url,
    cookie,
    payload,
    headers: { accept: 'text/event-stream' },
  });
  return { response, events: response.statusCode === 200 ? parseEvents(response.body) : [] };
}

/** The text of all delta events. */
export function deltaText(events: SseEvent[]) {
  return dataOf(events, 'delta')
    .map((delta) => delta.text)
    .join('');
}

/**
 * An SSE request over a real socket (the app must listen), read as it arrives, so tests can
 * drop the connection mid-reply or reconnect with Last-Event-ID.
 */
export async function openEventStream(
  baseUrl: string,
  path: string,
  init: {
    cookie: string;
    method?: 'GET' | 'POST';
    body?: object;
    lastEventId?: string;
    /** Sent as Idempotency-Key. */
    key?: string;
  },
) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    signal: controller.signal,
    headers: {
      accept: 'text/event-stream',
      cookie: init.cookie,
      'x-requested-with': 'XMLHttpRequest',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.lastEventId ? { 'last-event-id': init.lastEventId } : {}),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  const events: SseEvent[] = [];
  let buffer = '';
  const waiters: { until: (events: SseEvent[]) => boolean; resolve: () => void }[] = [];
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        const end = buffer.lastIndexOf('\n\n');
        if (end === -1) continue;
        events.push(...parseEvents(buffer.slice(0, end + 2)));
        buffer = buffer.slice(end + 2);
        for (const waiter of [...waiters]) {
          if (waiter.until(events)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    status: response.status,
    events,
    /** Resolves once the events received satisfy the condition. */
    waitFor(until: (events: SseEvent[]) => boolean) {
      if (until(events)) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ until, resolve }));
    },
    /** Drops the connection, as a reload or closed tab does. */
    abort() {
      controller.abort();
    },
    ended: reading,
  };
}
