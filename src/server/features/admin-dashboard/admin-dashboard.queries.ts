import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { backupHistory } from '#server/db/schema/backups.ts';
import type { Executor } from '#server/db/client.ts';
import { clientErrors, tokenUsage, tokenUsageDaily } from '#server/db/schema/ai.ts';
import { payments } from '#server/db/schema/billing.ts';
import { cryptoPayments } from '#server/db/schema/crypto-payments.ts';
import { users, userSessions } from '#server/db/schema/users.ts';

const count = sql<number>`count(*)::int`;

export async function countUsers(db: Executor, newSince: Date) {
  const [row] = await db
    .select({
      total: count,
      newSince: sql<number>`(count(*) filter (where ${users.createdAt} >= ${newSince}))::int`,
      suspended: sql<number>`(count(*) filter (where ${users.suspendedAt} is not null))::int`,
    })
    .from(users)
    .where(isNull(users.deletedAt));
  return row!;
}

/** Users with a session used (or started) since `since`. */
export async function countActiveUsers(db: Executor, since: Date) {
  const [row] = await db
    .select({ active: sql<number>`count(distinct ${userSessions.userId})::int` })
    .from(userSessions)
    .where(
      and(
        eq(userSessions.successful, true),
        or(gte(userSessions.lastSeenAt, since), gte(userSessions.loginTime, since)),
      ),
    );
  return row!.active;
}

/** Paid tiers in force now, by tier. */
export async function countActiveTiers(db: Executor, now: Date) {
  const tier = sql<string>`lower(${users.subscriptionTier})`;
  return db
    .select({ tier, users: count })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`${tier} <> 'free'`,
        or(isNull(users.subscriptionExpiry), sql`${users.subscriptionExpiry} > ${now}`),
      ),
    )
    .groupBy(tier);
}

/** Charged and refunded euro cents since `from` (integers summed as bigint, read as text). */
export async function sumRevenue(db: Executor, from: Date) {
  const [row] = await db
    .select({
      charged: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} in ('paid', 'refunded') and ${payments.createdAt} >= ${from}), 0)::text`,
      refunded: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'refunded' and ${payments.refundedAt} >= ${from}), 0)::text`,
    })
    .from(payments)
    .where(eq(payments.currency, 'EUR'));
  return row!;
}

/** Model calls, tokens and cost since `from`; the cost summed as numeric and sent as text. */
export async function sumUsage(db: Executor, from: Date) {
  const [row] = await db
    .select({
      messages: count,
      tokens: sql<string>`coalesce(sum(${tokenUsage.totalTokens}), 0)::text`,
      cost: sql<string>`coalesce(sum(${tokenUsage.cost}), 0)::text`,
    })
    .from(tokenUsage)
    .where(gte(tokenUsage.createdAt, from));
  return row!;
}

/**
 * Tokens per UTC day since `fromDay` (YYYY-MM-DD): the per-user day totals the trigger keeps, and
 * the calls made for nobody's account, which those leave out (decision 331).
 */
export async function dailyTokens(db: Executor, fromDay: string) {
  const perUser = db
    .select({ day: tokenUsageDaily.day, tokens: tokenUsageDaily.totalTokens })
    .from(tokenUsageDaily)
    .where(gte(tokenUsageDaily.day, fromDay));
  const withoutUser = db
    .select({
      day: sql<string>`(${tokenUsage.createdAt} at time zone 'UTC')::date`.as('day'),
      tokens: sql<number>`${tokenUsage.totalTokens}::bigint`.as('tokens'),
    })
    .from(tokenUsage)
    .where(
      and(
        isNull(tokenUsage.userId),
        sql`${tokenUsage.createdAt} >= (${fromDay}::date)::timestamp at time zone 'UTC'`,
      ),
    );
  const all = perUser.unionAll(withoutUser).as('all_days');
  return db
    .select({ day: all.day, tokens: sql<string>`sum(${all.tokens})::text` })
    .from(all)
    .groupBy(all.day);
}

export async function countPendingCrypto(db: Executor) {
  const [row] = await db
    .select({ pending: count })
    .from(cryptoPayments)
    .where(eq(cryptoPayments.status, 'pending'));
  return row!.pending;
}

export async function countClientErrors(db: Executor, since: Date) {
  const [row] = await db
    .select({ errors: count })
    .from(clientErrors)
    .where(gte(clientErrors.createdAt, since));
  return row!.errors;
}

/** Backups that failed since `since` (the database area shows why). */
export async function countFailedBackups(db: Executor, since: Date) {
  const [row] = await db
    .select({ failed: count })
    .from(backupHistory)
    .where(and(eq(backupHistory.status, 'failed'), gte(backupHistory.startedAt, since)));
  return row!.failed;
}
