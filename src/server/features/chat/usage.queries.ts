import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';

/**
 * Counts one message against the free allowance (monthlyQuota + bonusMessages) of the calendar
 * month `period` in a single conditional UPDATE: the row lock serialises parallel requests, so
 * the allowance can never be exceeded. A new month starts again at 1. Undefined when refused.
 */
export async function consumeMessage(db: Executor, userId: number, period: string) {
  const usedThisPeriod = sql`(case when ${users.quotaPeriod} = ${period} then ${users.quotaUsed} else 0 end)`;
  const [row] = await db
    .update(users)
    .set({ quotaUsed: sql`${usedThisPeriod} + 1`, quotaPeriod: period })
    .where(
      and(
        eq(users.id, userId),
        sql`${usedThisPeriod} < ${users.monthlyQuota} + ${users.bonusMessages}`,
      ),
    )
    .returning({ used: users.quotaUsed });
  return row;
}

export async function findAllowance(db: Executor, userId: number, period: string) {
  const [row] = await db
    .select({
      allowance: sql<number>`${users.monthlyQuota} + ${users.bonusMessages}`.mapWith(Number),
      used: sql<number>`(case when ${users.quotaPeriod} = ${period} then ${users.quotaUsed} else 0 end)`.mapWith(
        Number,
      ),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Gives a message back when its reply failed, so a retry costs nothing. */
export async function refundMessage(db: Executor, userId: number, period: string) {
  await db
    .update(users)
    .set({ quotaUsed: sql`${users.quotaUsed} - 1` })
    .where(and(eq(users.id, userId), eq(users.quotaPeriod, period), sql`${users.quotaUsed} > 0`));
}
