import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  exists,
  gt,
  ilike,
  isNull,
  lt,
  max,
  ne,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { channels, omnichannelMessages, responseTemplates } from '#server/db/schema/omnichannel.ts';
import { users } from '#server/db/schema/users.ts';
import type { InboundStatus } from '#shared/omnichannel/inbox-schemas.ts';
import type { MessageRow } from './omnichannel.queries.ts';

const m = omnichannelMessages;
export type TemplateRow = typeof responseTemplates.$inferSelect;
export type TemplateValues = typeof responseTemplates.$inferInsert;

/** LIKE treats % _ and \ specially; the admin's text must match literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export interface InboxFilter {
  brandId?: string | undefined;
  channelId?: string | undefined;
  status?: InboundStatus | undefined;
  urgency?: string | undefined;
  intent?: string | undefined;
  /** A user id, or null for unassigned threads. */
  assignee?: number | null | undefined;
  /** Threads an escalation named this administrator to be told of (`metadata.escalations`). */
  notifiedUser?: number | undefined;
  q?: string | undefined;
}

/**
 * The inbox: each thread by its latest inbound message, newest first, `limit + 1` rows after the
 * cursor's id. Status, urgency, intent and assignee are those of that latest message; the search
 * looks at every message of the thread and the customer's name and identifier.
 */
export async function listInbox(
  db: Executor,
  filter: InboxFilter,
  limit: number,
  afterId: number | null,
) {
  const later = aliasedTable(m, 'later');
  const any = aliasedTable(m, 'any_message');
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : null;
  return db
    .select()
    .from(m)
    .where(
      and(
        eq(m.direction, 'inbound'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(later)
            .where(
              and(
                eq(later.threadKey, m.threadKey),
                eq(later.direction, 'inbound'),
                gt(later.id, m.id),
              ),
            ),
        ),
        filter.brandId ? eq(m.brandId, filter.brandId) : undefined,
        filter.channelId ? eq(m.channelId, filter.channelId) : undefined,
        filter.status ? eq(m.status, filter.status) : undefined,
        filter.urgency ? eq(m.urgency, filter.urgency) : undefined,
        filter.intent ? eq(m.intent, filter.intent) : undefined,
        filter.assignee === undefined
          ? undefined
          : filter.assignee === null
            ? isNull(m.assignedTo)
            : eq(m.assignedTo, filter.assignee),
        filter.notifiedUser === undefined
          ? undefined
          : sql`${m.metadata} -> 'escalations' @> ${JSON.stringify([{ notify: filter.notifiedUser }])}::jsonb`,
        pattern
          ? or(
              ilike(m.senderIdentifier, pattern),
              ilike(m.senderName, pattern),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(any)
                  .where(and(eq(any.threadKey, m.threadKey), ilike(any.content, pattern))),
              ),
            )
          : undefined,
        afterId === null ? undefined : lt(m.id, afterId),
      ),
    )
    .orderBy(desc(m.id))
    .limit(limit + 1);
}

/** A thread's messages, oldest first (drafts included). */
export async function listThread(db: Executor, threadKey: string) {
  return db.select().from(m).where(eq(m.threadKey, threadKey)).orderBy(asc(m.id));
}

export async function findMessageById(db: Executor, id: number): Promise<MessageRow | undefined> {
  const rows = await db.select().from(m).where(eq(m.id, id));
  return rows[0];
}

export async function findMessageByMessageId(db: Executor, messageId: string) {
  const rows = await db.select().from(m).where(eq(m.messageId, messageId));
  return rows[0];
}

/** When the customer last wrote in the thread. */
export async function lastInboundAt(db: Executor, threadKey: string) {
  const [row] = await db
    .select({ at: max(m.createdAt) })
    .from(m)
    .where(and(eq(m.threadKey, threadKey), eq(m.direction, 'inbound')));
  return row?.at ?? null;
}

/** The copilot drafts answering one inbound message, newest first. */
export async function findDrafts(db: Executor, inbound: MessageRow) {
  return db
    .select()
    .from(m)
    .where(
      and(
        eq(m.threadKey, inbound.threadKey),
        eq(m.parentMessageId, inbound.messageId),
        eq(m.direction, 'outbound'),
        eq(m.status, 'draft'),
      ),
    )
    .orderBy(desc(m.id));
}

export async function deleteDrafts(db: Executor, threadKey: string, parentMessageId?: string) {
  await db
    .delete(m)
    .where(
      and(
        eq(m.threadKey, threadKey),
        eq(m.direction, 'outbound'),
        eq(m.status, 'draft'),
        parentMessageId === undefined ? undefined : eq(m.parentMessageId, parentMessageId),
      ),
    );
}

/** A draft approved (with its text as the customer gets it): queued for delivery. */
export async function queueDraft(db: Executor, id: number, content: string, approvedBy: number) {
  const rows = await db
    .update(m)
    .set({
      content,
      status: 'queued',
      metadata: sql`${m.metadata} || ${JSON.stringify({ approvedBy })}::jsonb`,
    })
    .where(and(eq(m.id, id), eq(m.status, 'draft')))
    .returning();
  return rows[0];
}

export async function setInboundState(
  db: Executor,
  id: number,
  values: { status?: InboundStatus; processMode?: string; assignedTo?: number | null },
) {
  const rows = await db
    .update(m)
    .set(values)
    .where(and(eq(m.id, id), eq(m.direction, 'inbound')))
    .returning();
  return rows[0];
}

/** Every inbound message of the thread still open is resolved; returns how many were. */
export async function resolveThread(db: Executor, threadKey: string) {
  const rows = await db
    .update(m)
    .set({ status: 'resolved', processedAt: sql`coalesce(${m.processedAt}, now())` })
    .where(and(eq(m.threadKey, threadKey), eq(m.direction, 'inbound'), ne(m.status, 'resolved')))
    .returning({ id: m.id });
  return rows.length;
}

/** The reply reached its provider; only a queued one changes (a repeated job changes nothing). */
export async function markSent(db: Executor, id: number, providerMessageId: string | null) {
  const rows = await db
    .update(m)
    .set({
      status: 'sent',
      processedAt: sql`now()`,
      metadata: sql`${m.metadata} || ${JSON.stringify({ providerMessageId })}::jsonb`,
    })
    .where(and(eq(m.id, id), eq(m.status, 'queued')))
    .returning({ id: m.id });
  return rows.length > 0;
}

/** The reply will not be delivered; only a queued one changes. True when it did. */
export async function markFailed(db: Executor, id: number, error: string) {
  const rows = await db
    .update(m)
    .set({
      status: 'failed',
      processedAt: sql`now()`,
      metadata: sql`${m.metadata} || ${JSON.stringify({ deliveryError: error.slice(0, 1000) })}::jsonb`,
    })
    .where(and(eq(m.id, id), eq(m.status, 'queued')))
    .returning({ id: m.id });
  return rows.length > 0;
}

export async function findChannelById(db: Executor, id: string) {
  const rows = await db.select().from(channels).where(eq(channels.id, id));
  return rows[0];
}

export async function isAdminUser(db: Executor, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isAdmin, true)));
  return rows.length > 0;
}

export async function listTemplates(db: Executor, brandId: string) {
  return db
    .select()
    .from(responseTemplates)
    .where(eq(responseTemplates.brandId, brandId))
    .orderBy(
      asc(responseTemplates.language),
      asc(responseTemplates.name),
      asc(responseTemplates.id),
    );
}

export async function findTemplate(db: Executor, brandId: string, id: string) {
  const rows = await db
    .select()
    .from(responseTemplates)
    .where(and(eq(responseTemplates.brandId, brandId), eq(responseTemplates.id, id)));
  return rows[0];
}

export async function insertTemplate(db: Executor, values: TemplateValues) {
  const rows = await db.insert(responseTemplates).values(values).returning();
  return rows[0]!;
}

export async function updateTemplate(
  db: Executor,
  brandId: string,
  id: string,
  values: Partial<TemplateValues>,
) {
  const rows = await db
    .update(responseTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(responseTemplates.brandId, brandId), eq(responseTemplates.id, id)))
    .returning();
  return rows[0];
}

export async function deleteTemplate(db: Executor, brandId: string, id: string) {
  const rows = await db
    .delete(responseTemplates)
    .where(and(eq(responseTemplates.brandId, brandId), eq(responseTemplates.id, id)))
    .returning();
  return rows[0];
}

/** One more reply written from the template. */
export async function countTemplateUse(db: Executor, brandId: string, id: string) {
  const rows = await db
    .update(responseTemplates)
    .set({ usageCount: sql`${responseTemplates.usageCount} + 1` })
    .where(
      and(
        eq(responseTemplates.brandId, brandId),
        eq(responseTemplates.id, id),
        eq(responseTemplates.isActive, true),
      ),
    )
    .returning();
  return rows[0];
}
