import type { AppContext } from '#server/http/request-context.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { ChannelType } from '#shared/omnichannel/channel-schemas.ts';
import type { NormalizedMessage } from './channel-verify.ts';
import { publishInboxChange } from './inbox-events.ts';
import { inboundMessageId, legacyInboundMessageId } from './message-ids.ts';
import {
  hasMessageOnChannel,
  insertMessage,
  threadKeyOf,
  type ChannelRow,
} from './omnichannel.queries.ts';
import { OMNICHANNEL_INBOUND_JOB } from './triage-job.ts';

/**
 * Stores a verified delivery's messages once each by `messageId` (channel type + channel +
 * provider id, decision 317), each with its triage job in the same transaction, then tells the
 * brand's open inboxes (decision 210). `duplicate`: every message was stored before (a
 * provider's redelivery), under either form of its key.
 */
export async function storeInboundMessages(
  ctx: AppContext,
  jobs: Jobs,
  channel: ChannelRow,
  type: ChannelType,
  messages: NormalizedMessage[],
) {
  let duplicate = messages.length > 0;
  const stored: { id: number; threadKey: string }[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const message of messages) {
      const threadKey = threadKeyOf(channel.id, message.sender);
      // Stored by this channel before decision 317, under the key without the channel.
      const legacy = legacyInboundMessageId(type, message.providerId);
      if (await hasMessageOnChannel(tx, legacy, channel.id)) continue;
      const id = await insertMessage(tx, {
        messageId: inboundMessageId(type, channel.id, message.providerId),
        brandId: channel.brandId,
        channelId: channel.id,
        channelType: type,
        direction: 'inbound',
        threadKey,
        senderIdentifier: message.sender,
        senderName: message.senderName,
        content: message.content,
        metadata: message.metadata,
        status: 'received',
      });
      if (id === null) continue;
      duplicate = false;
      stored.push({ id, threadKey });
      await jobs.enqueue(OMNICHANNEL_INBOUND_JOB, { id }, { key: String(id), db: tx });
    }
  });
  for (const row of stored) publishInboxChange(ctx.pubsub, { ...row, brandId: channel.brandId });
  return { duplicate };
}
