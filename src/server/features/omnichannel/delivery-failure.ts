import { aliasedTable, and, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Database, Executor } from '#server/db/client.ts';
import { omnichannelMessages as m } from '#server/db/schema/omnichannel.ts';
import { markFailed } from './inbox.queries.ts';
import type { MessageRow } from './omnichannel.queries.ts';
import { lockThread } from './outbox.ts';

/**
 * The customer message a failed reply answered goes back to a person (decision 318): `pending`,
 * `manual`, without the response time the reply had given it, so the SLA sweep and the inbox's
 * open threads see it again. Only while it is still `responded` (a resolved or escalated message
 * stays as it is) and no other reply to it is queued or sent. Returns the reopened row.
 */
async function reopenAnswered(tx: Executor, reply: MessageRow) {
  if (!reply.parentMessageId) return undefined;
  const other = aliasedTable(m, 'other_reply');
  const rows = await tx
    .update(m)
    .set({ status: 'pending', processMode: 'manual', responseTime: null })
    .where(
      and(
        eq(m.messageId, reply.parentMessageId),
        eq(m.threadKey, reply.threadKey),
        eq(m.direction, 'inbound'),
        eq(m.status, 'responded'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(other)
            .where(
              and(
                eq(other.threadKey, reply.threadKey),
                eq(other.parentMessageId, reply.parentMessageId),
                eq(other.direction, 'outbound'),
                // A reply (by a person or the AI); not a question the system asked by itself.
                isNotNull(other.processMode),
                inArray(other.status, ['queued', 'sent']),
              ),
            ),
        ),
      ),
    )
    .returning();
  return rows[0];
}

/**
 * Under the thread's lock, in one transaction: the reply is `failed` with its error and, when it
 * was a reply (not the CSAT question, whose `processMode` is null), the message it answered is
 * reopened. `failed`: the row was still queued; `reopened`: the customer message, if it was.
 */
export async function recordDeliveryFailure(db: Database, reply: MessageRow, error: string) {
  return db.transaction(async (tx) => {
    await lockThread(tx, reply.threadKey);
    const failed = await markFailed(tx, reply.id, error);
    const reopened =
      failed && reply.processMode !== null ? await reopenAnswered(tx, reply) : undefined;
    return { failed, reopened };
  });
}
