import type { PubSub } from '#server/realtime/pubsub.ts';
import { widgetTopic } from '#server/realtime/topics.ts';
import type { ChannelAdapter } from './channel-adapter.ts';

/** What a visitor's open widget receives for each reply. */
export interface WidgetReply {
  messageId: string;
  content: string;
  createdAt: string;
}

/**
 * Website widget: the reply goes live to the visitor's open widget on whichever instance holds
 * its stream (the realtime layer; Redis across instances). It is stored either way, so a widget
 * that opens later reads it from the thread.
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
