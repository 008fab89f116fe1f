import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { selectRows } from '#server/db/raw-rows.ts';
import { USAGE_WITHOUT_USER, type UsageGroup } from '#shared/admin-tokens/token-admin-schemas.ts';

/** A stored 'pro' counts as premium, as everywhere (tiers.ts). */
const TIER = sql`(case when u.subscription_tier = 'pro' then 'premium' else u.subscription_tier end)`;
/** Calls made for nobody's account have no user and no tier: one row of their own. */
const orNoUser = (value: SQL) => sql`coalesce(${value}, ${USAGE_WITHOUT_USER})`;

/** The key, label and order of each grouping. Users, models and tiers by tokens, days in order. */
const GROUPS: Record<UsageGroup, { key: SQL; label: SQL; order: SQL }> = {
  day: {
    key: sql`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD')`,
    label: sql`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD')`,
    order: sql`1 asc`,
  },
  model: { key: sql`t.model`, label: sql`t.model`, order: sql`total_tokens desc, 1 asc` },
  user: {
    key: orNoUser(sql`u.id::text`),
    label: orNoUser(sql`u.username`),
    order: sql`total_tokens desc, 1 asc`,
  },
  tier: { key: orNoUser(TIER), label: orNoUser(TIER), order: sql`total_tokens desc, 1 asc` },
};

export interface UsageFilter {
  /** UTC dates, both included. */
  from: string;
  to: string;
  model?: string | undefined;
  tier?: string | undefined;
}

/** Costs are summed as numeric and leave the database as text: decimal end to end. */
const FIGURES = sql`count(*)::int as calls,
  coalesce(sum(t.input_tokens), 0)::bigint as input_tokens,
  coalesce(sum(t.output_tokens), 0)::bigint as output_tokens,
  coalesce(sum(t.total_tokens), 0)::bigint as total_tokens,
  coalesce(sum(t.cost), 0)::numeric(20, 6)::text as cost`;

function whereOf(filter: UsageFilter) {
  const conditions = [
    sql`t.created_at >= (${filter.from}::date)::timestamp at time zone 'UTC'`,
    sql`t.created_at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'`,
  ];
  if (filter.model) conditions.push(sql`t.model = ${filter.model}`);
  if (filter.tier) conditions.push(sql`${TIER} = ${filter.tier}`);
  return sql.join(conditions, sql` and `);
}

interface FiguresRow {
  calls: number;
  input_tokens: string | number;
  output_tokens: string | number;
  total_tokens: string | number;
  cost: string;
}

export interface UsageRow extends FiguresRow {
  key: string;
  label: string;
}

/** One page of token_usage summed by the grouping (`limit` rows from `offset`). */
export async function sumUsage(
  db: Executor,
  input: { groupBy: UsageGroup; filter: UsageFilter; offset: number; limit: number },
) {
  const group = GROUPS[input.groupBy];
  return selectRows<UsageRow>(
    db,
    sql`
    select ${group.key} as key, ${group.label} as label, ${FIGURES}
    from token_usage t left join users u on u.id = t.user_id
    where ${whereOf(input.filter)}
    group by 1, 2
    order by ${group.order}
    limit ${input.limit} offset ${input.offset}`,
  );
}

export async function sumUsageTotals(db: Executor, filter: UsageFilter) {
  const [row] = await selectRows<FiguresRow>(
    db,
    sql`
    select ${FIGURES}
    from token_usage t left join users u on u.id = t.user_id
    where ${whereOf(filter)}`,
  );
  return row!;
}
