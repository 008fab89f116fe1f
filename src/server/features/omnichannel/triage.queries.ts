import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import {
  aclPolicies,
  brandKnowledge,
  escalationRules,
  omnichannelAnalytics,
  omnichannelCsat,
} from '#server/db/schema/omnichannel-triage.ts';
import type { MessageRow } from './omnichannel.queries.ts';

export type AclPolicyRow = typeof aclPolicies.$inferSelect;
export type EscalationRuleRow = typeof escalationRules.$inferSelect;
export type KnowledgeRow = typeof brandKnowledge.$inferSelect;
export type AnalyticsRow = typeof omnichannelAnalytics.$inferSelect;

/** Inbound statuses that still wait for an answer (what the SLA watches). */
export const OPEN_STATUSES = ['received', 'pending', 'processing', 'awaiting_approval'] as const;

interface QueryRows<Row> {
  rows: Row[];
}
async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as QueryRows<Row>).rows;
}

/** `metadata || patch`: top-level keys of the patch replace the stored ones. */
export const mergeMetadata = (patch: Record<string, unknown>) =>
  sql`${omnichannelMessages.metadata} || ${JSON.stringify(patch)}::jsonb`;

/** Appends an entry to the metadata array `key` (created when absent). */
export const appendMetadata = (key: string, entry: Record<string, unknown>) =>
  sql`jsonb_set(${omnichannelMessages.metadata}, ${`{${key}}`}::text[], coalesce(${omnichannelMessages.metadata} -> ${key}, '[]'::jsonb) || ${JSON.stringify([entry])}::jsonb)`;

export async function findMessageRow(db: Executor, id: number) {
  const rows = await db.select().from(omnichannelMessages).where(eq(omnichannelMessages.id, id));
  return rows[0];
}

/** The job takes a message: received or pending (or processing, from a crashed attempt). */
export async function startProcessing(db: Executor, id: number) {
  const rows = await db
    .update(omnichannelMessages)
    .set({ status: 'processing' })
    .where(
      and(
        eq(omnichannelMessages.id, id),
        eq(omnichannelMessages.direction, 'inbound'),
        inArray(omnichannelMessages.status, ['received', 'pending', 'processing']),
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

// ——— Policies, rules, knowledge ———

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

const knowledgeVector = sql`to_tsvector('simple', ${brandKnowledge.title} || ' ' || ${brandKnowledge.content})`;
/** Any of the words (plainto_tsquery ANDs them; a customer's message rarely has them all). */
const anyWords = (text: string) =>
  sql`replace(plainto_tsquery('simple', ${text})::text, ' & ', ' | ')::tsquery`;

/** Active entries valid at `now` that share words with `text`, best first. */
export async function searchKnowledge(
  db: Executor,
  brandId: string,
  text: string,
  now: Date,
  limit: number,
) {
  const query = anyWords(text.slice(0, 2000));
  return db
    .select()
    .from(brandKnowledge)
    .where(
      and(
        eq(brandKnowledge.brandId, brandId),
        eq(brandKnowledge.isActive, true),
        or(isNull(brandKnowledge.validFrom), lte(brandKnowledge.validFrom, now)),
        or(isNull(brandKnowledge.validUntil), gt(brandKnowledge.validUntil, now)),
        sql`${knowledgeVector} @@ ${query}`,
      ),
    )
    .orderBy(sql`ts_rank(${knowledgeVector}, ${query}) desc`, desc(brandKnowledge.priority))
    .limit(limit);
}

/** The admin list: every entry, or those matching all words of `q`. */
export async function listKnowledge(db: Executor, brandId: string, q: string | undefined) {
  const search = q ? sql`${knowledgeVector} @@ plainto_tsquery('simple', ${q})` : undefined;
  return db
    .select()
    .from(brandKnowledge)
    .where(and(eq(brandKnowledge.brandId, brandId), search))
    .orderBy(desc(brandKnowledge.priority), asc(brandKnowledge.id))
    .limit(500);
}

// ——— SLA ———

export interface SlaCandidate {
  id: number;
  brand_id: string;
  thread_key: string;
  warned: boolean;
  breached: boolean;
}

/**
 * Open inbound messages past 80 % of their brand's SLA that were not warned yet, or past 100 %
 * and not yet escalated for it; due = received + the brand's SLA minutes, against `now`.
 */
export async function slaCandidates(db: Executor, now: Date, limit: number) {
  return rowsOf<SlaCandidate>(
    db,
    sql`select m.id, m.brand_id, m.thread_key,
          m.created_at + make_interval(mins => b.sla_response_minutes) * 0.8 <= ${now.toISOString()}::timestamptz as warned,
          m.created_at + make_interval(mins => b.sla_response_minutes) <= ${now.toISOString()}::timestamptz as breached
        from omnichannel_messages m join brands b on b.id = m.brand_id
        where m.direction = 'inbound'
          and m.status in ('received', 'pending', 'processing', 'awaiting_approval')
          and (
            (m.metadata -> 'slaWarnedAt' is null
              and m.created_at + make_interval(mins => b.sla_response_minutes) * 0.8 <= ${now.toISOString()}::timestamptz)
            or (m.metadata -> 'slaBreachedAt' is null
              and m.created_at + make_interval(mins => b.sla_response_minutes) <= ${now.toISOString()}::timestamptz)
          )
        order by m.id
        limit ${limit}`,
  );
}

/** Marks the warning once; false when another sweep did it first. */
export async function markSlaWarned(db: Executor, id: number, now: Date) {
  const rows = await db
    .update(omnichannelMessages)
    .set({ metadata: mergeMetadata({ slaWarnedAt: now.toISOString() }) })
    .where(
      and(
        eq(omnichannelMessages.id, id),
        sql`${omnichannelMessages.metadata} -> 'slaWarnedAt' is null`,
      ),
    )
    .returning({ id: omnichannelMessages.id });
  return rows.length > 0;
}

/** Marks the breach once (and warns, if the 80 % mark was slept through). */
export async function markSlaBreached(db: Executor, id: number, now: Date) {
  const at = now.toISOString();
  const rows = await db
    .update(omnichannelMessages)
    .set({
      metadata: sql`${mergeMetadata({ slaBreachedAt: at })} || jsonb_build_object('slaWarnedAt', coalesce(${omnichannelMessages.metadata} -> 'slaWarnedAt', to_jsonb(${at}::text)))`,
    })
    .where(
      and(
        eq(omnichannelMessages.id, id),
        inArray(omnichannelMessages.status, [...OPEN_STATUSES]),
        sql`${omnichannelMessages.metadata} -> 'slaBreachedAt' is null`,
      ),
    )
    .returning();
  return rows[0];
}

// ——— Analytics ———

interface DayFigures {
  brand_id: string;
  channel_type: string;
  total: number;
  inbound: number;
  outbound: number;
  autopilot: number;
  copilot: number;
  manual: number;
  avg_response: number | null;
  first_response: number | null;
  resolution_rate: string | null;
  escalation_rate: string | null;
  csat: string | null;
  csat_responses: number;
}

/**
 * One UTC day's figures per brand and channel type: messages by direction and (replies) by
 * mode, drafts left out; average reply time; first reply time per thread; the share of that
 * day's inbound messages resolved and escalated; the day's CSAT answers.
 */
export async function dayFigures(db: Executor, day: string) {
  return rowsOf<DayFigures>(
    db,
    sql`with day_messages as (
          select * from omnichannel_messages
          where created_at >= ${day}::date::timestamp at time zone 'UTC'
            and created_at < (${day}::date + 1)::timestamp at time zone 'UTC'
            and not (direction = 'outbound' and status = 'draft')
        ),
        first_inbound as (
          select distinct on (thread_key) id, brand_id, channel_type, thread_key, created_at
          from day_messages where direction = 'inbound' order by thread_key, id
        ),
        first_reply as (
          select f.brand_id, f.channel_type,
            extract(epoch from (
              select min(o.created_at) from omnichannel_messages o
              where o.thread_key = f.thread_key and o.direction = 'outbound'
                and o.status <> 'draft' and o.id > f.id
            ) - f.created_at) as seconds
          from first_inbound f
        ),
        counts as (
          select brand_id, channel_type,
            count(*)::int as total,
            count(*) filter (where direction = 'inbound')::int as inbound,
            count(*) filter (where direction = 'outbound')::int as outbound,
            count(*) filter (where direction = 'outbound' and process_mode = 'autopilot')::int as autopilot,
            count(*) filter (where direction = 'outbound' and process_mode = 'copilot')::int as copilot,
            count(*) filter (where direction = 'outbound' and process_mode = 'manual')::int as manual,
            -- An inbound message keeps the seconds to its first answer (outbox.ts markResponded).
            round(avg(response_time) filter (where direction = 'inbound'))::int as avg_response,
            case when count(*) filter (where direction = 'inbound') = 0 then null else
              round(100.0 * count(*) filter (where direction = 'inbound' and status = 'resolved')
                / count(*) filter (where direction = 'inbound'), 2)::text end as resolution_rate,
            case when count(*) filter (where direction = 'inbound') = 0 then null else
              round(100.0 * count(*) filter (where direction = 'inbound'
                  and (status = 'escalated' or metadata -> 'escalations' is not null))
                / count(*) filter (where direction = 'inbound'), 2)::text end as escalation_rate
          from day_messages group by brand_id, channel_type
        ),
        csat as (
          select brand_id, channel_type, round(avg(score), 2)::text as csat, count(*)::int as responses
          from omnichannel_csat
          where created_at >= ${day}::date::timestamp at time zone 'UTC'
            and created_at < (${day}::date + 1)::timestamp at time zone 'UTC'
          group by brand_id, channel_type
        )
        select coalesce(c.brand_id, s.brand_id) as brand_id,
          coalesce(c.channel_type, s.channel_type) as channel_type,
          coalesce(c.total, 0) as total, coalesce(c.inbound, 0) as inbound,
          coalesce(c.outbound, 0) as outbound, coalesce(c.autopilot, 0) as autopilot,
          coalesce(c.copilot, 0) as copilot, coalesce(c.manual, 0) as manual,
          c.avg_response,
          (select round(avg(r.seconds))::int from first_reply r
            where r.brand_id = coalesce(c.brand_id, s.brand_id)
              and r.channel_type = coalesce(c.channel_type, s.channel_type)) as first_response,
          c.resolution_rate, c.escalation_rate, s.csat, coalesce(s.responses, 0) as csat_responses
        from counts c full join csat s on s.brand_id = c.brand_id and s.channel_type = c.channel_type`,
  );
}

export async function upsertDay(db: Executor, day: string, figures: DayFigures[]) {
  for (const f of figures) {
    const values = {
      totalMessages: f.total,
      inboundMessages: f.inbound,
      outboundMessages: f.outbound,
      autopilotMessages: f.autopilot,
      copilotMessages: f.copilot,
      manualMessages: f.manual,
      avgResponseTime: f.avg_response,
      firstResponseTime: f.first_response,
      resolutionRate: f.resolution_rate,
      escalationRate: f.escalation_rate,
      csatScore: f.csat,
      csatResponses: f.csat_responses,
      computedAt: sql`now()`,
    };
    await db
      .insert(omnichannelAnalytics)
      .values({ brandId: f.brand_id, date: day, channelType: f.channel_type, ...values })
      .onConflictDoUpdate({
        target: [
          omnichannelAnalytics.brandId,
          omnichannelAnalytics.date,
          omnichannelAnalytics.channelType,
        ],
        set: values,
      });
  }
}

export async function listAnalytics(db: Executor, brandId: string, from: string, to: string) {
  return db
    .select()
    .from(omnichannelAnalytics)
    .where(
      and(
        eq(omnichannelAnalytics.brandId, brandId),
        gte(omnichannelAnalytics.date, from),
        lte(omnichannelAnalytics.date, to),
      ),
    )
    .orderBy(asc(omnichannelAnalytics.date), asc(omnichannelAnalytics.channelType));
}
