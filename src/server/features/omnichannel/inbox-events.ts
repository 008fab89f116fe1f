import type { FastifyInstance } from 'fastify';
import { notFound } from '#shared/errors/app-error.ts';
import type { PubSub } from '#server/realtime/pubsub.ts';
import { inboxTopic } from '#server/realtime/topics.ts';
import {
  EscalationNoticeSchema,
  InboxStreamEventsSchema,
} from '#shared/omnichannel/escalation-notice-schemas.ts';
import {
  InboxEventSchema,
  InboxStreamQuerySchema,
  type InboxEvent,
} from '#shared/omnichannel/omnichannel-schemas.ts';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/**
 * Tells every instance's open inboxes of the brand that a thread changed (a message arrived,
 * was answered, assigned, resolved, delivered). Call it after the change committed.
 */
export function publishInboxChange(
  pubsub: PubSub,
  row: { brandId: string; threadKey: string; id: number },
) {
  const event: InboxEvent = { brandId: row.brandId, threadKey: row.threadKey, id: row.id };
  pubsub.publish(inboxTopic(row.brandId), event);
}

/**
 * `GET /api/omnichannel/inbox/stream?brandId=` (admins, Server-Sent Events): one `change` event
 * per changed thread of the brand, heard from whichever instance made the change. The client
 * reads the thread and the list again; after a reconnect it reads them anyway, so no event
 * needs replaying.
 */
export function registerInboxStream(
  app: FastifyInstance,
  pubsub: PubSub,
  brandExists: (brandId: string) => Promise<boolean>,
) {
  app.get(
    '/api/omnichannel/inbox/stream',
    {
      config: { access: 'admin' },
      schema: {
        querystring: InboxStreamQuerySchema,
        response: {
          200: {
            description:
              'Server-Sent Events: `change` with a changed thread, `escalation` with a notice',
            content: {
              'text/event-stream': {
                schema: InboxStreamEventsSchema,
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { brandId } = request.query as { brandId: string };
      if (!(await brandExists(brandId))) throw notFound('Brand not found');
      reply.hijack();
      const res = reply.raw;
      // Subscribed before the headers go out: a change made once the client sees the stream open
      // is not missed.
      const unsubscribe = await pubsub.subscribe(inboxTopic(brandId), (message) => {
        if (res.writableEnded) return;
        // An escalation notice names the administrator to tell; it is a change of the thread too.
        const notice = EscalationNoticeSchema.safeParse(message);
        if (notice.success) {
          res.write(`event: escalation\ndata: ${JSON.stringify(notice.data)}\n\n`);
        }
        const event = InboxEventSchema.safeParse(message);
        if (event.success) res.write(`event: change\ndata: ${JSON.stringify(event.data)}\n\n`);
      });
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 2000\n\n');
      const streamClosed = request.server.metrics.streamOpened();
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS).unref();
      res.once('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        streamClosed();
      });
    },
  );
}
