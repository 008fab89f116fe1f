import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { selectRows } from '#server/db/raw-rows.ts';
import { omnichannelAnalytics } from '#server/db/schema/omnichannel-triage.ts';

/** The daily analytics: computed from the day's messages and CSAT answers, then listed. */

export type AnalyticsRow = typeof omnichannelAnalytics.$inferSelect;

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
  return selectRows<DayFigures>(
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
                -- The CSAT question on resolve answers nobody (csat-question.ts).
                and o.metadata -> 'csatQuestion' is null
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
