import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeEventStreamHead } from '#server/http/event-stream-head.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/** Writes one Server-Sent Event (dropped once the stream has ended). */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * Answers with Server-Sent Events from one pub/sub topic until the client goes away: `onMessage`
 * turns each message into events. Subscribed before the headers go out, so a change made once
 * the client sees the stream open is not missed.
 */
export async function streamTopic(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    pubsub: PubSub;
    topic: string;
    onMessage: (message: unknown, send: SendEvent) => void;
    headers?: Record<string, string>;
  },
) {
  reply.hijack();
  const res = reply.raw;
  const send: SendEvent = (event, data) => {
    if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const unsubscribe = await options.pubsub.subscribe(options.topic, (message) =>
    options.onMessage(message, send),
  );
  writeEventStreamHead(request, reply, options.headers);
  res.write('retry: 2000\n\n');
  const streamClosed = request.server.metrics.streamOpened();
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS).unref();
  res.once('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    streamClosed();
  });
}
