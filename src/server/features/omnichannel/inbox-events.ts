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
} from '#shared/omnichannel/inbox-schemas.ts';
import { streamTopic } from './event-stream.ts';

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
      await streamTopic(request, reply, {
        pubsub,
        topic: inboxTopic(brandId),
        onMessage: (message, send) => {
          // An escalation notice names the administrator to tell; it is a change of the thread too.
          const notice = EscalationNoticeSchema.safeParse(message);
          if (notice.success) send('escalation', notice.data);
          const event = InboxEventSchema.safeParse(message);
          if (event.success) send('change', event.data);
        },
      });
    },
  );
}
