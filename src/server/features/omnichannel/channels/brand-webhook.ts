import { createHmac } from 'node:crypto';
import { providerIdOf } from '../message-ids.ts';
import { callProvider, field, required, type ChannelAdapter } from './channel-adapter.ts';

/**
 * Generic API: the reply as JSON to the brand's `replyWebhookUrl`, signed like its inbound
 * deliveries (`X-Orbit-Signature: sha256=<hex HMAC of the raw body>` with the channel's key).
 * `messageId` is the same on every attempt, so the receiver can drop a repeat.
 */
export const brandWebhookAdapter: ChannelAdapter = {
  async send({ message, parent, config, secrets, signal }) {
    const url = required(config.replyWebhookUrl, 'reply webhook URL');
    const key = required(secrets.hmacKey, 'HMAC key');
    const body = JSON.stringify({
      messageId: message.messageId,
      // The id the brand gave the customer's message, from either form of the stored key.
      inReplyTo: parent ? providerIdOf(parent) : null,
      recipient: message.senderIdentifier,
      content: message.content,
      createdAt: message.createdAt.toISOString(),
    });
    const answer = await callProvider(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-orbit-signature': `sha256=${createHmac('sha256', key).update(body).digest('hex')}`,
        },
        body,
        signal,
      },
      'The brand webhook',
    );
    return { providerMessageId: field(answer, 'id') };
  },
};
