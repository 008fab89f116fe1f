import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { brands, omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { MessageRow } from './omnichannel.queries.ts';

/** Delivers one queued outbound row to its provider; payload `{ id }` = the outbound row id. */
export const OMNICHANNEL_DELIVER_JOB = 'omnichannel.deliver';

/**
 * Serialises everything that answers one thread (an AI reply, a human's reply, an assignment)
 * until the caller's transaction ends: whoever comes second sees what the first one wrote.
 */
export async function lockThread(tx: Executor, threadKey: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`omnichannel-thread:${threadKey}`}, 0))`,
  );
}

export interface QueueReplyInput {
  inbound: MessageRow;
  content: string;
  mode: 'manual' | 'copilot' | 'autopilot';
  authorUserId: number | null;
}

/** The brand's signature for the channel and its legal disclaimer, after the reply. */
function withBrandFooter(
  content: string,
  channelType: string,
  brand: {
    signatureEmail: string | null;
    signatureChat: string | null;
    legalDisclaimer: string | null;
  },
) {
  const signature = channelType === 'email' ? brand.signatureEmail : brand.signatureChat;
  const parts = [content.trimEnd()];
  if (signature) parts.push(channelType === 'email' ? `-- \n${signature}` : signature);
  if (brand.legalDisclaimer) parts.push(brand.legalDisclaimer);
  return parts.join('\n\n');
}

/**
 * In the caller's transaction (which holds lockThread): stores the outbound row (direction
 * 'outbound', status 'queued', parentMessageId = inbound.messageId, processMode = mode, brand
 * signature/disclaimer appended per channel), marks the inbound 'responded', enqueues
 * OMNICHANNEL_DELIVER_JOB with db: tx.
 */
export async function queueReply(
  tx: Executor,
  jobs: Jobs,
  input: QueueReplyInput,
): Promise<MessageRow> {
  const { inbound } = input;
  const [brand] = await tx.select().from(brands).where(eq(brands.id, inbound.brandId));
  if (!brand) throw new Error(`brand ${inbound.brandId} is gone`);
  const [outbound] = await tx
    .insert(omnichannelMessages)
    .values({
      messageId: `outbound:${randomUUID()}`,
      brandId: inbound.brandId,
      channelId: inbound.channelId,
      channelType: inbound.channelType,
      direction: 'outbound',
      threadKey: inbound.threadKey,
      senderIdentifier: `brand:${inbound.brandId}`,
      content: withBrandFooter(input.content, inbound.channelType, brand),
      metadata: { authorUserId: input.authorUserId, recipient: inbound.senderIdentifier },
      status: 'queued',
      processMode: input.mode,
      parentMessageId: inbound.messageId,
      responseTime: sql`greatest(0, floor(extract(epoch from now() - ${inbound.createdAt.toISOString()}::timestamptz)))::int`,
      processedAt: sql`now()`,
    })
    .returning();
  await tx
    .update(omnichannelMessages)
    .set({ status: 'responded', processedAt: sql`now()` })
    .where(eq(omnichannelMessages.id, inbound.id));
  await jobs.enqueue(
    OMNICHANNEL_DELIVER_JOB,
    { id: outbound!.id },
    { key: String(outbound!.id), db: tx },
  );
  return outbound!;
}
