import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '#server/db/client.ts';
import { prepareStatement, runPrepared } from '#server/db/prepared.ts';
import { users } from '#server/db/schema/users.ts';

/**
 * The free allowance in SQL over a users row, for the month given by the parameter `period`:
 * messages used this month (a new month starts again at 0) and the allowance (monthlyQuota +
 * bonusMessages). Shared by consumeMessage and the chat's send statement (send-turn.queries.ts).
 */
export const usedThisMonth = (period: string) =>
  `(case when quota_period = ${period} then quota_used else 0 end)`;
export const MONTHLY_ALLOWANCE = `(monthly_quota + bonus_messages)`;

/**
 * Counts one message of users row $1 for month $2 when the allowance allows it, as one
 * conditional UPDATE: the row lock serialises parallel requests, so the allowance can never be
 * exceeded. Returns a row when counted.
 */
const CONSUME_MESSAGE = prepareStatement<{ used: number }>(
  'chat_consume_message',
  `update users
   set quota_used = ${usedThisMonth('$2')} + 1, quota_period = $2
   where id = $1 and ${usedThisMonth('$2')} < ${MONTHLY_ALLOWANCE}
   returning quota_used as used`,
);

/** Counts one message against the free allowance; undefined when refused. */
export async function consumeMessage(db: Database, userId: number, period: string) {
  const [row] = await runPrepared(db, CONSUME_MESSAGE, [userId, period]);
  return row;
}

const FIND_ALLOWANCE = prepareStatement<{ allowance: number; used: number }>(
  'chat_find_allowance',
  `select ${MONTHLY_ALLOWANCE} as allowance, ${usedThisMonth('$2')} as used
   from users where id = $1`,
);

export async function findAllowance(db: Database, userId: number, period: string) {
  const [row] = await runPrepared(db, FIND_ALLOWANCE, [userId, period]);
  return row;
}

/** Gives a message back when its reply failed, so a retry costs nothing. */
export async function refundMessage(db: Executor, userId: number, period: string) {
  await db
    .update(users)
    .set({ quotaUsed: sql`${users.quotaUsed} - 1` })
    .where(and(eq(users.id, userId), eq(users.quotaPeriod, period), sql`${users.quotaUsed} > 0`));
}
