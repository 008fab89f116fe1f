import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database, Executor } from '#server/db/client.ts';
import { prepareStatement, runPrepared } from '#server/db/prepared.ts';
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

/** What a login needs besides the session user: whether an administrator suspended the account. */
export const loginUserColumns = { ...sessionUserColumns, suspendedAt: users.suspendedAt };

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

export type SessionUserRow = Pick<typeof users.$inferSelect, keyof typeof sessionUserColumns>;

interface LiveSessionRow {
  sessionId: number;
  rememberMe: boolean;
  lastSeenAt: Date | null;
  user: SessionUserRow;
}

/**
 * Every API request runs it, so it is prepared (src/server/db/prepared.ts). A suspended user's
 * session never resolves, even one that escaped being ended (issue 12: suspend).
 */
const LIVE_SESSION = prepareStatement<
  Omit<LiveSessionRow, 'user'> & SessionUserRow & { id: number }
>(
  'auth_live_session',
  `select s.id as "sessionId", s.remember_me as "rememberMe", s.last_seen_at as "lastSeenAt",
          u.id, u.username, u.display_name as "displayName", u.email, u.avatar_url as "avatarUrl",
          u.is_admin as "isAdmin", u.subscription_tier as "subscriptionTier",
          u.subscription_expiry as "subscriptionExpiry", u.monthly_quota as "monthlyQuota",
          u.quota_used as "quotaUsed"
   from user_sessions s
   join users u on u.id = s.user_id
   where s.session_token = $1 and s.logout_time is null and s.expires_at > $2::timestamptz
     and u.suspended_at is null
   limit 1`,
);

export async function findLiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<LiveSessionRow | undefined> {
  const [row] = await runPrepared(db, LIVE_SESSION, [tokenHash, now.toISOString()]);
  if (!row) return undefined;
  const { sessionId, rememberMe, lastSeenAt, ...user } = row;
  return { sessionId, rememberMe, lastSeenAt, user };
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

/**
 * Ends every live session of a user, optionally sparing one (the caller's); the ids of the
 * sign-ins it ended (failed attempts are rows too, but never had a connection to close).
 */
export async function closeUserSessions(
  db: Executor,
  userId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<number[]> {
  const rows = await db
    .update(userSessions)
    .set({ logoutTime: now, sessionToken: null })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.logoutTime),
        exceptSessionId === undefined ? undefined : ne(userSessions.id, exceptSessionId),
      ),
    )
    .returning({ id: userSessions.id, successful: userSessions.successful });
  return rows.filter((row) => row.successful).map((row) => row.id);
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

/** Ends one session or every session of a user (admin revoke, suspend, delete); how many ended. */
export async function closeTargetSessions(
  db: Executor,
  target: { sessionId: number } | { userId: number },
  now: Date,
): Promise<number> {
  const rows = await db
    .update(userSessions)
    .set({ logoutTime: now, sessionToken: null })
    .where(
      and(
        'sessionId' in target
          ? eq(userSessions.id, target.sessionId)
          : eq(userSessions.userId, target.userId),
        isNull(userSessions.logoutTime),
        eq(userSessions.successful, true),
      ),
    )
    .returning({ id: userSessions.id });
  return rows.length;
}
