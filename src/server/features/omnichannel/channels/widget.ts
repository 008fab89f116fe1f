import type { PubSub } from '#server/realtime/pubsub.ts';
import { widgetTopic } from '#server/realtime/topics.ts';
import type { WidgetReply } from '#shared/omnichannel/inbox-schemas.ts';
import type { ChannelAdapter } from './channel-adapter.ts';

/**
 * Website widget: the reply goes live to the visitor's open widget stream (widget-stream.ts) on
 * whichever instance holds it (the realtime layer; Redis across instances). A visitor with no
 * widget open misses the live copy; the reply stays stored in the thread.
 */
export function createWidgetAdapter(pubsub: PubSub): ChannelAdapter {
  return {
    async send({ message }) {
      const reply: WidgetReply = {
        messageId: message.messageId,
        content: message.content,
        createdAt: message.createdAt.toISOString(),
      };
      pubsub.publish(widgetTopic(message.channelId ?? '', message.senderIdentifier), reply);
      return { providerMessageId: null };
    },
  };
}
