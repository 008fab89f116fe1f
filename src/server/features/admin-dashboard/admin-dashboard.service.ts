import type { Database } from '#server/db/client.ts';
import type { Dashboard } from '#shared/admin/admin-dashboard-schemas.ts';
import {
  countActiveTiers,
  countActiveUsers,
  countClientErrors,
  countFailedBackups,
  countPendingCrypto,
  countUsers,
  dailyTokens,
  sumRevenue,
  sumUsage,
} from './admin-dashboard.queries.ts';

const DAY = 86_400_000;
const CHART_DAYS = 30;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * GET /api/admin/dashboard (issue 12 "dashboard"). Days and months are UTC, like the quotas.
 * Money stays integer cents, costs stay decimal strings from the database (never a float).
 * Failed backups count the last 7 days.
 */
export async function readDashboard(db: Database, now = new Date()): Promise<Dashboard> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const chartFrom = today - (CHART_DAYS - 1) * DAY;
  const [
    users,
    active,
    tiers,
    revenue,
    usageToday,
    usage30,
    days,
    pendingCrypto,
    clientErrors,
    failedBackups,
  ] = await Promise.all([
    countUsers(db, new Date(now.getTime() - 7 * DAY)),
    countActiveUsers(db, new Date(now.getTime() - DAY)),
    countActiveTiers(db, now),
    sumRevenue(db, monthStart),
    sumUsage(db, new Date(today)),
    sumUsage(db, new Date(now.getTime() - 30 * DAY)),
    dailyTokens(db, dayOf(chartFrom)),
    countPendingCrypto(db),
    countClientErrors(db, new Date(now.getTime() - DAY)),
    countFailedBackups(db, new Date(now.getTime() - 7 * DAY)),
  ]);
  const tokensByDay = new Map(days.map((row) => [row.day, Number(row.tokens)]));
  const usage = (row: typeof usageToday) => ({
    messages: row.messages,
    tokens: Number(row.tokens),
    cost: row.cost,
  });
  return {
    generatedAt: now.toISOString(),
    users: {
      total: users.total,
      newLast7Days: users.newSince,
      activeLast24Hours: active,
      suspended: users.suspended,
    },
    subscriptionsByTier: Object.fromEntries(tiers.map((row) => [row.tier, row.users])),
    revenueThisMonth: {
      cents: Number(revenue.charged),
      refundedCents: Number(revenue.refunded),
      currency: 'EUR',
    },
    usageToday: usage(usageToday),
    usageLast30Days: usage(usage30),
    dailyTokens: Array.from({ length: CHART_DAYS }, (_, index) => {
      const day = dayOf(chartFrom + index * DAY);
      return { day, tokens: tokensByDay.get(day) ?? 0 };
    }),
    pendingCryptoPayments: pendingCrypto,
    clientErrorsLast24Hours: clientErrors,
    failedBackups,
  };
}
