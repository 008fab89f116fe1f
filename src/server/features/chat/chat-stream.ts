import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeEventStreamHead } from '#server/http/event-stream-head.ts';
import type { ChatReply } from '#shared/chat/chat-schemas.ts';
import { AppError, type ErrorEnvelope } from '#shared/errors/app-error.ts';
import type { ReplyEvents, StreamEvent } from '#server/realtime/reply-events.ts';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/**
 * Deltas arriving faster than this share one write (one syscall, one packet): a display frame,
 * invisible to a reader, while a fast model's tokens cost a fraction of the CPU.
 */
const FLUSH_MS = 16;

export function wantsEventStream(request: FastifyRequest) {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

export function lastEventId(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

function formatEvent(event: StreamEvent) {
  return `id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Sends a generation as Server-Sent Events (events start, delta, done, error, each with an id
 * for Last-Event-ID). A replay goes out in one write; live deltas are batched (FLUSH_MS). A
 * closed connection only unsubscribes: the reply goes on and is stored (issue #3).
 */
export function sendEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  generation: ReplyEvents,
  afterEventId?: string,
) {
  reply.hijack();
  const res = writeEventStreamHead(request, reply);
  res.write('retry: 2000\n\n');
  const streamClosed = request.server.metrics.streamOpened();

  let closed = false;
  let pending = '';
  let pendingDelta = false;
  let lastDeltaFlush = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Immediate | undefined;
  const subscription = { cancel: () => {} };
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    soon = undefined;
    if (pending === '' || closed || res.destroyed) return;
    if (pendingDelta) lastDeltaFlush = performance.now();
    res.write(pending);
    pending = '';
    pendingDelta = false;
  };
  // Events other than deltas that arrive in one event-loop turn go out in one write, after the
  // I/O callbacks of that turn.
  const flushSoon = () => {
    soon ??= setImmediate(flush);
  };
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS).unref();
  const close = () => {
    if (closed) return;
    flush();
    closed = true;
    streamClosed();
    clearTimeout(timer);
    clearImmediate(soon);
    clearInterval(heartbeat);
    subscription.cancel();
    if (!res.writableEnded) res.end();
  };
  res.on('close', close);

  let replaying = true;
  subscription.cancel = generation.subscribe(afterEventId, (event) => {
    if (closed) return;
    pending += formatEvent(event);
    if (event.event === 'delta') pendingDelta = true;
    if (event.event === 'done' || event.event === 'error') return close();
    if (replaying || soon) return;
    if (event.event !== 'delta') return flushSoon();
    // A token after a quiet frame goes out at once: waiting for the end of the turn would put
    // the rest of a burst read at once (and the reply's storing) before the first token.
    // Later ones share a write at most every FLUSH_MS.
    const wait = lastDeltaFlush + FLUSH_MS - performance.now();
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
  });
  replaying = false;
  flush();
  // A finished generation whose end the client has already seen has nothing more to send.
  if (closed) subscription.cancel();
  else if (generation.ended) close();
}

/** Waits for the generation's end: its reply, or its error thrown as the AppError it carries. */
export async function awaitReply(generation: ReplyEvents): Promise<ChatReply> {
  const outcome =
    generation.outcome() ??
    (await new Promise<StreamEvent>((resolve) => {
      const unsubscribe = generation.subscribe(undefined, (event) => {
        if (event.event === 'done' || event.event === 'error') {
          queueMicrotask(() => unsubscribe());
          resolve(event);
        }
      });
    }));
  if (outcome.event === 'done') return outcome.data as ChatReply;
  throw AppError.fromEnvelope(outcome.data as ErrorEnvelope);
}
