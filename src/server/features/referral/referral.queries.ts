import { and, asc, count, eq, isNull, sql, sum } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { messages } from '#server/db/schema/chat.ts';
import { referralCredits } from '#server/db/schema/referrals.ts';
import { users } from '#server/db/schema/users.ts';

export async function findReferralUser(db: Executor, userId: number, lock = false) {
  const query = db
    .select({
      id: users.id,
      referralCode: users.referralCode,
      referredBy: users.referredBy,
      monthlyQuota: users.monthlyQuota,
      bonusMessages: users.bonusMessages,
      quotaUsed: users.quotaUsed,
      quotaPeriod: users.quotaPeriod,
    })
    .from(users)
    .where(eq(users.id, userId));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Sets the code unless one exists; the unique index refuses a code taken by someone else. */
export async function setReferralCode(db: Executor, userId: number, code: string) {
  await db
    .update(users)
    .set({ referralCode: code })
    .where(and(eq(users.id, userId), isNull(users.referralCode)));
}

export async function findUserByReferralCode(db: Executor, code: string) {
  const rows = await db
    .select({ id: users.id, referredBy: users.referredBy })
    .from(users)
    .where(eq(users.referralCode, code));
  return rows[0] ?? null;
}

/**
 * Locks the user's row for the update that links them and shares the referrer's, in id order,
 * and says whom the referrer was referred by, as committed. Two users applying each other's code
 * at once both want both rows, so the second waits for the first and then sees its link; many
 * friends applying one popular code share its row and do not wait for each other.
 */
export async function lockReferralPair(db: Executor, userId: number, referrerId: number) {
  const lock = (id: number) =>
    db
      .select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.id, id))
      .for(id === userId ? 'no key update' : 'share');
  let referrerReferredBy: number | null = null;
  for (const id of [userId, referrerId].sort((a, b) => a - b)) {
    const [row] = await lock(id);
    if (id === referrerId) referrerReferredBy = row?.referredBy ?? null;
  }
  return referrerReferredBy;
}

/** Records who referred the user, once: false when a code was applied before. */
export async function setReferredBy(db: Executor, userId: number, referrerId: number) {
  const rows = await db
    .update(users)
    .set({ referredBy: referrerId })
    .where(and(eq(users.id, userId), isNull(users.referredBy)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Adds a ledger row and its messages to the allowance in one step; false if it existed. */
export async function creditOnce(
  db: Executor,
  credit: {
    userId: number;
    reason: string;
    referralUserId: number;
    messages: number;
    month: string;
  },
) {
  const rows = await db
    .insert(referralCredits)
    .values(credit)
    .onConflictDoNothing({
      target: [referralCredits.userId, referralCredits.reason, referralCredits.referralUserId],
    })
    .returning({ id: referralCredits.id });
  if (rows.length === 0) return false;
  await db
    .update(users)
    .set({ bonusMessages: sql`${users.bonusMessages} + ${credit.messages}` })
    .where(eq(users.id, credit.userId));
  return true;
}

export async function countRewards(db: Executor, userId: number, reason: string, month: string) {
  const rows = await db
    .select({ n: count() })
    .from(referralCredits)
    .where(
      and(
        eq(referralCredits.userId, userId),
        eq(referralCredits.reason, reason),
        eq(referralCredits.month, month),
      ),
    );
  return rows[0]?.n ?? 0;
}

export async function earnedMessages(db: Executor, userId: number) {
  const rows = await db
    .select({ total: sum(referralCredits.messages) })
    .from(referralCredits)
    .where(eq(referralCredits.userId, userId));
  return Number(rows[0]?.total ?? 0);
}

export async function listFriends(db: Executor, referrerId: number) {
  return db
    .select({ username: users.username, joinedAt: users.createdAt })
    .from(users)
    .where(eq(users.referredBy, referrerId))
    .orderBy(asc(users.createdAt));
}

/**
 * Referred users who have sent a chat message and whose referrer has no reward for them yet,
 * leaving out referrers who reached this month's cap: their friends wait for next month without
 * filling every batch ahead of other referrers' rewards.
 */
export async function referralsDueReward(db: Executor, month: string, cap: number) {
  return db
    .select({ friendId: users.id, referrerId: users.referredBy })
    .from(users)
    .where(
      sql`${users.referredBy} is not null
        and exists (select 1 from ${messages} where ${messages.userId} = ${users.id} and ${messages.isUserMessage})
        and not exists (select 1 from ${referralCredits} where ${referralCredits.referralUserId} = ${users.id} and ${referralCredits.reason} = 'referrer_reward')
        and (select count(*) from ${referralCredits} where ${referralCredits.userId} = ${users.referredBy} and ${referralCredits.reason} = 'referrer_reward' and ${referralCredits.month} = ${month}) < ${cap}`,
    )
    .orderBy(asc(users.id))
    .limit(200);
}
