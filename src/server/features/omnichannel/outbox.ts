import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { brands, omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { ChannelType } from '#shared/omnichannel/channel-schemas.ts';
import type { MessageRow } from './omnichannel.queries.ts';

/** Delivers one stored reply to its provider (payload: the outbound row's id). */
export const OMNICHANNEL_DELIVER_JOB = 'omnichannel.deliver';

/**
 * Serialises all work on one thread inside the caller's transaction (pg_advisory_xact_lock on
 * the thread key): a human reply, an approval and the AI's own send see each other's result.
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
  /** The response template the reply was written from (WhatsApp sends it outside its window). */
  template?: { templateId: string; name: string; language: string };
}

interface BrandFooter {
  signatureEmail: string | null;
  signatureChat: string | null;
  legalDisclaimer: string | null;
}

/**
 * The reply as the customer gets it: the brand's email signature on email, its chat signature
 * everywhere else, then its legal disclaimer. A text that already ends with them is kept as it is
 * (a draft written with them).
 */
export function withBrandFooter(brand: BrandFooter, type: ChannelType, content: string) {
  const signature = type === 'email' ? brand.signatureEmail : brand.signatureChat;
  const footer = [signature, brand.legalDisclaimer]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join('\n\n');
  const body = content.trim();
  if (!footer || body.endsWith(footer)) return body;
  return `${body}\n\n${footer}`;
}

export async function brandFooter(tx: Executor, brandId: string): Promise<BrandFooter> {
  const [brand] = await tx
    .select({
      signatureEmail: brands.signatureEmail,
      signatureChat: brands.signatureChat,
      legalDisclaimer: brands.legalDisclaimer,
    })
    .from(brands)
    .where(eq(brands.id, brandId));
  return brand ?? { signatureEmail: null, signatureChat: null, legalDisclaimer: null };
}

/**
 * The inbound message is answered: 'responded', its first response time (seconds since it
 * arrived) kept once.
 */
export async function markResponded(tx: Executor, inboundId: number) {
  await tx
    .update(omnichannelMessages)
    .set({
      status: 'responded',
      responseTime: sql`coalesce(${omnichannelMessages.responseTime}, greatest(0, floor(extract(epoch from now() - ${omnichannelMessages.createdAt})))::integer)`,
      processedAt: sql`now()`,
    })
    .where(
      and(eq(omnichannelMessages.id, inboundId), eq(omnichannelMessages.direction, 'inbound')),
    );
}

/** The delivery job of a queued reply, in the caller's transaction (keyed: enqueued once). */
export async function enqueueDelivery(tx: Executor, jobs: Jobs, outboundId: number) {
  await jobs.enqueue(
    OMNICHANNEL_DELIVER_JOB,
    { id: outboundId },
    { key: String(outboundId), db: tx },
  );
}

/**
 * In the caller's transaction (which holds lockThread): stores the reply and marks the inbound
 * 'responded' with its response time (queueOutbound). Returns the outbound row.
 */
export async function queueReply(
  tx: Executor,
  jobs: Jobs,
  input: QueueReplyInput,
): Promise<MessageRow> {
  const outbound = await queueOutbound(tx, jobs, input);
  await markResponded(tx, input.inbound.id);
  return outbound;
}

/**
 * In the caller's transaction (which holds lockThread): stores the outbound row (direction
 * 'outbound', status 'queued', parentMessageId = inbound.messageId, same threadKey/brand/
 * channel, processMode = mode — null for a message the system sends by itself — brand signature
 * and legal disclaimer appended for the channel type) and enqueues OMNICHANNEL_DELIVER_JOB with
 * db: tx. The inbound message's status is left as it is. Returns the outbound row.
 */
export async function queueOutbound(
  tx: Executor,
  jobs: Jobs,
  input: Omit<QueueReplyInput, 'mode'> & {
    mode: QueueReplyInput['mode'] | null;
    metadata?: Record<string, unknown>;
  },
): Promise<MessageRow> {
  const { inbound } = input;
  const type = inbound.channelType as ChannelType;
  const content = withBrandFooter(await brandFooter(tx, inbound.brandId), type, input.content);
  const [outbound] = await tx
    .insert(omnichannelMessages)
    .values({
      messageId: `${type}:out:${randomUUID()}`,
      brandId: inbound.brandId,
      channelId: inbound.channelId,
      channelType: type,
      direction: 'outbound',
      threadKey: inbound.threadKey,
      // The thread's customer: the one the reply goes to.
      senderIdentifier: inbound.senderIdentifier,
      senderName: inbound.senderName,
      content,
      metadata: {
        authorUserId: input.authorUserId,
        ...(input.template ? { template: input.template } : {}),
        ...input.metadata,
      },
      status: 'queued',
      processMode: input.mode,
      parentMessageId: inbound.messageId,
    })
    .returning();
  await enqueueDelivery(tx, jobs, outbound!.id);
  return outbound!;
}
