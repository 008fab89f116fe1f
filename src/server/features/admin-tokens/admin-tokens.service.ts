import { z } from 'zod';
import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { decodeCursor, encodeCursor } from '#server/http/cursor.ts';
import {
  LIMITED_TIERS,
  type TokenLimit,
  type TokenLimitsUpdate,
  type TokenUsageQuery,
  type TokenUsageReport,
  type TokenUsageRow,
} from '#shared/admin-tokens/token-admin-schemas.ts';
import { listTokenLimits, upsertTokenLimit } from './token-limits.queries.ts';
import {
  sumUsage,
  sumUsageTotals,
  type UsageFilter,
  type UsageRow,
} from './token-usage.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The CSV export holds at most this many rows (a year of days, every user of a large site). */
export const CSV_MAX_ROWS = 50_000;
const OffsetSchema = z.number().int().min(0);

const utcDate = (date: Date) => date.toISOString().slice(0, 10);

/** The range asked for; by default the last 30 days up to today (UTC). */
export function usageFilter(query: TokenUsageQuery, now = new Date()): UsageFilter {
  const to = query.to ?? utcDate(now);
  const from = query.from ?? utcDate(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  return { from, to, model: query.model, tier: query.tier };
}

const figures = (row: Omit<UsageRow, 'key' | 'label'>) => ({
  calls: Number(row.calls),
  inputTokens: Number(row.input_tokens),
  outputTokens: Number(row.output_tokens),
  totalTokens: Number(row.total_tokens),
  cost: row.cost,
});

const toUsageRow = (row: UsageRow): TokenUsageRow => ({
  key: row.key,
  label: row.label,
  ...figures(row),
});

/** GET /api/admin/token-usage: one page of sums and the totals of the whole range. */
export async function usageReport(db: Executor, query: TokenUsageQuery): Promise<TokenUsageReport> {
  const filter = usageFilter(query);
  const offset = query.cursor ? decodeCursor(query.cursor, OffsetSchema) : 0;
  const [rows, totals] = [
    await sumUsage(db, { groupBy: query.groupBy, filter, offset, limit: query.limit + 1 }),
    await sumUsageTotals(db, filter),
  ];
  const more = rows.length > query.limit;
  return {
    groupBy: query.groupBy,
    from: filter.from,
    to: filter.to,
    items: rows.slice(0, query.limit).map(toUsageRow),
    nextCursor: more ? encodeCursor(offset + query.limit) : null,
    totals: figures(totals),
  };
}

/** A CSV field: quoted when needed; a leading = + - @ cannot start a spreadsheet formula. */
function csvField(value: string | number) {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** GET /api/admin/token-usage.csv: every row of the grouping, costs as written in the database. */
export async function usageCsv(db: Executor, query: TokenUsageQuery) {
  const filter = usageFilter(query);
  const rows = await sumUsage(db, {
    groupBy: query.groupBy,
    filter,
    offset: 0,
    limit: CSV_MAX_ROWS,
  });
  const lines = [
    [query.groupBy, 'label', 'calls', 'input_tokens', 'output_tokens', 'total_tokens', 'cost_usd'],
    ...rows.map((row) => {
      const item = toUsageRow(row);
      return [
        item.key,
        item.label,
        item.calls,
        item.inputTokens,
        item.outputTokens,
        item.totalTokens,
        item.cost,
      ];
    }),
  ];
  const csv = lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
  return { csv, fileName: `token-usage-${query.groupBy}-${filter.from}-${filter.to}.csv` };
}

const tierOrder = (tier: string) => LIMITED_TIERS.indexOf(tier as (typeof LIMITED_TIERS)[number]);

export async function getTokenLimits(db: Executor): Promise<TokenLimit[]> {
  const rows = (await listTokenLimits(db)) as TokenLimit[];
  return rows.sort((a, b) => tierOrder(a.tier) - tierOrder(b.tier));
}

/** PUT /api/admin/token-limits: the given tiers' limits, audited with what they were. */
export async function updateTokenLimits(
  db: Database,
  actor: AuditActor,
  update: TokenLimitsUpdate,
) {
  const tiers = update.limits.map((limit) => limit.tier);
  return withAudit(
    db,
    actor,
    'token_limits.update',
    { type: 'token_limits', id: tiers.join(',') },
    async (tx, record) => {
      const before = await getTokenLimits(tx);
      record.before = before.filter((limit) => tiers.includes(limit.tier));
      for (const limit of update.limits) await upsertTokenLimit(tx, limit);
      record.after = update.limits;
      return getTokenLimits(tx);
    },
  );
}
