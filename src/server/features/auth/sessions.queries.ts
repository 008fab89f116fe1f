import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { users, userSessions } from '#server/db/schema/users.ts';

export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  avatarUrl: users.avatarUrl,
  isAdmin: users.isAdmin,
  subscriptionTier: users.subscriptionTier,
  subscriptionExpiry: users.subscriptionExpiry,
  monthlyQuota: users.monthlyQuota,
  quotaUsed: users.quotaUsed,
};

export interface LoginAttempt {
  userId: number | null;
  attemptedUsername: string;
  ipAddress: string;
  userAgent: string | null;
  loginMethod: string;
}

export async function insertSession(
  db: Executor,
  attempt: LoginAttempt & { tokenHash: string; rememberMe: boolean; expiresAt: Date },
) {
  const [row] = await db
    .insert(userSessions)
    .values({
      userId: attempt.userId,
      attemptedUsername: attempt.attemptedUsername,
      ipAddress: attempt.ipAddress,
      userAgent: attempt.userAgent,
      loginMethod: attempt.loginMethod,
      sessionToken: attempt.tokenHash,
      rememberMe: attempt.rememberMe,
      expiresAt: attempt.expiresAt,
      lastSeenAt: new Date(),
      successful: true,
    })
    .returning({ id: userSessions.id });
  return row!;
}

export async function insertFailedLogin(db: Executor, attempt: LoginAttempt) {
  await db.insert(userSessions).values({ ...attempt, successful: false });
}

export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: userSessions.id,
      rememberMe: userSessions.rememberMe,
      lastSeenAt: userSessions.lastSeenAt,
      user: sessionUserColumns,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.sessionToken, tokenHash),
        isNull(userSessions.logoutTime),
        gt(userSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function touchSession(db: Executor, sessionId: number, now: Date) {
  await db.update(userSessions).set({ lastSeenAt: now }).where(eq(userSessions.id, sessionId));
}

export async function closeSession(db: Executor, sessionId: number, now: Date) {
  await db
    .update(userSessions)
    .set({ logoutTime: now, sessionToken: null })
    .where(eq(userSessions.id, sessionId));
}

/** Ends every live session of a user, optionally sparing one (the caller's). */
export async function closeUserSessions(
  db: Executor,
  userId: number,
  now: Date,
  exceptSessionId?: number,
) {
  await db
    .update(userSessions)
    .set({ logoutTime: now, sessionToken: null })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.logoutTime),
        exceptSessionId === undefined ? undefined : ne(userSessions.id, exceptSessionId),
      ),
    );
}

/** Swaps a live session's token hash, keeping its lifetimes; undefined when it has ended. */
export async function replaceSessionToken(db: Executor, sessionId: number, tokenHash: string) {
  const [row] = await db
    .update(userSessions)
    .set({ sessionToken: tokenHash })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.logoutTime)))
    .returning({ rememberMe: userSessions.rememberMe, expiresAt: userSessions.expiresAt });
  return row;
}
