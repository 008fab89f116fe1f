import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/http/request-context.ts';
import { widgetTopic } from '#server/realtime/topics.ts';
import type { Secrets } from '#server/secrets/secrets.ts';
import { WebhookParamsSchema } from '#shared/omnichannel/channel-schemas.ts';
import { WidgetStreamEventSchema } from '#shared/omnichannel/inbox-schemas.ts';
import { WidgetVisitorSchema } from '#shared/omnichannel/widget-schemas.ts';
import { streamTopic } from './event-stream.ts';
import { requireSignedVisitor, requireWidgetChannel } from './widget-visitor.ts';

/**
 * `GET /api/omnichannel/widget/{channelId}/stream?visitor=&signature=` (public): the replies to
 * one visitor of a website widget channel, live, as Server-Sent Events (`reply`). The visitor is
 * named by the brand's page with its HMAC under the channel's key (the brand's server computes
 * it), so nobody reads another visitor's replies; a wrong one is 401. Any origin may read it
 * (the brand's website embeds the widget), without cookies.
 */
export function registerWidgetStream(app: FastifyInstance, ctx: AppContext, secrets: Secrets) {
  app.get(
    '/api/omnichannel/widget/:channelId/stream',
    {
      config: { access: 'public' },
      schema: {
        params: WebhookParamsSchema,
        querystring: WidgetVisitorSchema,
        response: {
          200: {
            description: 'Server-Sent Events: `reply` with each reply to the visitor',
            content: { 'text/event-stream': { schema: WidgetStreamEventSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const { channelId } = request.params as { channelId: string };
      const { visitor, signature } = request.query as { visitor: string; signature: string };
      const channel = await requireWidgetChannel(ctx, channelId);
      requireSignedVisitor(secrets, channel, { visitor, signature });
      await streamTopic(request, reply, {
        pubsub: ctx.pubsub,
        topic: widgetTopic(channelId, visitor),
        onMessage: (message, send) => send('reply', message),
      });
    },
  );
}
