import { and, asc, desc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import {
  aclPolicies,
  escalationRules,
  omnichannelCsat,
} from '#server/db/schema/omnichannel-triage.ts';
import type { MessageRow } from './omnichannel.queries.ts';

/** What the triage of one inbound message reads and writes: its thread, drafts, CSAT, rules. */

export type AclPolicyRow = typeof aclPolicies.$inferSelect;
export type EscalationRuleRow = typeof escalationRules.$inferSelect;

export async function findMessageRow(db: Executor, id: number) {
  const rows = await db.select().from(omnichannelMessages).where(eq(omnichannelMessages.id, id));
  return rows[0];
}

/**
 * The job takes a message still `received` (stored by the webhook) or `processing` (an attempt
 * that stopped before its result committed). Anything else was decided already — `pending` is a
 * manual decision's final state — so a job run again after its result committed (its
 * announcement or completion failed) leaves it alone (decision 318).
 */
export async function startProcessing(db: Executor, id: number) {
  const rows = await db
    .update(omnichannelMessages)
    .set({ status: 'processing' })
    .where(
      and(
        eq(omnichannelMessages.id, id),
        eq(omnichannelMessages.direction, 'inbound'),
        inArray(omnichannelMessages.status, ['received', 'processing']),
      ),
    )
    .returning();
  return rows[0];
}

export async function updateInbound(
  db: Executor,
  id: number,
  values: Partial<Omit<MessageRow, 'metadata'>> & { metadata?: SQL },
) {
  await db.update(omnichannelMessages).set(values).where(eq(omnichannelMessages.id, id));
}

/** When the same sender wrote on this thread lately (repeated-contact rules). */
export async function recentInboundTimes(db: Executor, threadKey: string, since: Date) {
  const rows = await db
    .select({ createdAt: omnichannelMessages.createdAt })
    .from(omnichannelMessages)
    .where(
      and(
        eq(omnichannelMessages.threadKey, threadKey),
        eq(omnichannelMessages.direction, 'inbound'),
        gte(omnichannelMessages.createdAt, since),
      ),
    )
    .orderBy(desc(omnichannelMessages.id))
    .limit(1000);
  return rows.map((row) => row.createdAt.getTime());
}

/** The thread's latest inbound message before this one. */
export async function previousInbound(db: Executor, message: MessageRow) {
  const rows = await db
    .select()
    .from(omnichannelMessages)
    .where(
      and(
        eq(omnichannelMessages.threadKey, message.threadKey),
        eq(omnichannelMessages.direction, 'inbound'),
        sql`${omnichannelMessages.id} < ${message.id}`,
      ),
    )
    .orderBy(desc(omnichannelMessages.id))
    .limit(1);
  return rows[0];
}

/** A reply written by a person on the thread after this inbound message, if any. */
export async function humanReplyAfter(db: Executor, inbound: MessageRow) {
  const rows = await db
    .select({ id: omnichannelMessages.id })
    .from(omnichannelMessages)
    .where(
      and(
        eq(omnichannelMessages.threadKey, inbound.threadKey),
        eq(omnichannelMessages.direction, 'outbound'),
        eq(omnichannelMessages.processMode, 'manual'),
        gt(omnichannelMessages.id, inbound.id),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function insertDraft(
  db: Executor,
  inbound: MessageRow,
  content: string,
  metadata: Record<string, unknown>,
) {
  const rows = await db
    .insert(omnichannelMessages)
    .values({
      messageId: `draft:${inbound.messageId}`,
      brandId: inbound.brandId,
      channelId: inbound.channelId,
      channelType: inbound.channelType,
      direction: 'outbound',
      threadKey: inbound.threadKey,
      senderIdentifier: `brand:${inbound.brandId}`,
      content,
      metadata,
      status: 'draft',
      processMode: 'copilot',
      parentMessageId: inbound.messageId,
    })
    .onConflictDoNothing({ target: omnichannelMessages.messageId })
    .returning();
  return rows[0];
}

export async function insertCsat(
  db: Executor,
  values: typeof omnichannelCsat.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(omnichannelCsat)
    .values(values)
    .onConflictDoNothing({ target: omnichannelCsat.messageRowId })
    .returning({ id: omnichannelCsat.id });
  return rows.length > 0;
}

// ——— Policies and rules ———

export async function activeAclPolicies(db: Executor, brandId: string) {
  return db
    .select()
    .from(aclPolicies)
    .where(and(eq(aclPolicies.brandId, brandId), eq(aclPolicies.isActive, true)));
}

export async function activeEscalationRules(db: Executor, brandId: string) {
  return db
    .select()
    .from(escalationRules)
    .where(and(eq(escalationRules.brandId, brandId), eq(escalationRules.isActive, true)))
    .orderBy(desc(escalationRules.priority), asc(escalationRules.id));
}

export async function findEscalationRule(db: Executor, id: number) {
  const rows = await db.select().from(escalationRules).where(eq(escalationRules.id, id));
  return rows[0];
}
