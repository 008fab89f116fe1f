import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { selectRows } from '#server/db/raw-rows.ts';
import { omnichannelMessages } from '#server/db/schema/omnichannel.ts';
import { mergeMetadata } from './message-metadata.ts';

/** The SLA sweeper's reads and its marks, each written once (decision 261). */

/** Inbound statuses that still wait for an answer (what the SLA watches). */
export const OPEN_STATUSES = ['received', 'pending', 'processing', 'awaiting_approval'] as const;

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
  return selectRows<SlaCandidate>(
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
