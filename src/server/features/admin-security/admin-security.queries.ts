import { and, desc, asc, eq, gt, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { users, userSessions } from '#server/db/schema/users.ts';
import type { LoginLogQuery } from '#shared/admin/admin-security-schemas.ts';

const s = userSessions;

/** One page of login attempts after the row `afterId` (ids grow with time: an exact cursor). */
export async function listLogins(db: Executor, query: LoginLogQuery, afterId: number | null) {
  const newestFirst = query.order === 'desc';
  const filters: (SQL | undefined)[] = [
    query.userId === undefined ? undefined : eq(s.userId, query.userId),
    query.username === undefined
      ? undefined
      : sql`lower(coalesce(${users.username}, ${s.attemptedUsername})) = lower(${query.username})`,
    query.ip === undefined ? undefined : eq(s.ipAddress, query.ip),
    query.successful === undefined ? undefined : eq(s.successful, query.successful),
    query.from === undefined ? undefined : gte(s.loginTime, query.from),
    query.to === undefined ? undefined : lte(s.loginTime, query.to),
  ];
  if (afterId !== null) filters.push(newestFirst ? lt(s.id, afterId) : gt(s.id, afterId));
  return db
    .select({
      id: s.id,
      loginTime: s.loginTime,
      userId: s.userId,
      // The account's name now, else the name typed at an attempt on no account.
      username: sql<string | null>`coalesce(${users.username}, ${s.attemptedUsername})`,
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      loginMethod: s.loginMethod,
      successful: s.successful,
    })
    .from(s)
    .leftJoin(users, eq(users.id, s.userId))
    .where(and(...filters))
    .orderBy(newestFirst ? desc(s.id) : asc(s.id))
    .limit(query.limit + 1);
}

/** Failed attempts per hour since `from` (hours without one are absent). */
export async function countFailedByHour(db: Executor, from: Date) {
  const hour = sql<string>`to_char(date_trunc('hour', ${s.loginTime} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`;
  return db
    .select({ hour, failed: sql<number>`count(*)::int` })
    .from(s)
    .where(and(eq(s.successful, false), gte(s.loginTime, from)))
    .groupBy(hour);
}

/** The addresses or typed usernames with the most failed attempts since `from`. */
export async function topFailures(db: Executor, from: Date, by: 'ip' | 'username', limit: number) {
  const key =
    by === 'ip' ? sql<string>`${s.ipAddress}` : sql<string>`lower(${s.attemptedUsername})`;
  return db
    .select({ key, failed: sql<number>`count(*)::int` })
    .from(s)
    .where(and(eq(s.successful, false), gte(s.loginTime, from), sql`${key} is not null`))
    .groupBy(key)
    .orderBy(desc(sql`count(*)`), asc(key))
    .limit(limit);
}

/** Sessions whose cookie still signs in: successful, not ended, not past their end. */
export async function listActiveSessions(
  db: Executor,
  query: { userId?: number; limit: number; order: 'asc' | 'desc' },
  afterId: number | null,
  now: Date,
) {
  const newestFirst = query.order === 'desc';
  return db
    .select({
      id: s.id,
      userId: users.id,
      username: users.username,
      loginTime: s.loginTime,
      lastSeenAt: s.lastSeenAt,
      expiresAt: s.expiresAt,
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      loginMethod: s.loginMethod,
    })
    .from(s)
    .innerJoin(users, eq(users.id, s.userId))
    .where(
      and(
        eq(s.successful, true),
        isNull(s.logoutTime),
        gt(s.expiresAt, now),
        isNull(users.suspendedAt),
        query.userId === undefined ? undefined : eq(s.userId, query.userId),
        afterId === null ? undefined : newestFirst ? lt(s.id, afterId) : gt(s.id, afterId),
      ),
    )
    .orderBy(newestFirst ? desc(s.id) : asc(s.id))
    .limit(query.limit + 1);
}

export async function findSession(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: s.id,
      userId: s.userId,
      successful: s.successful,
      logoutTime: s.logoutTime,
      expiresAt: s.expiresAt,
      ipAddress: s.ipAddress,
      loginTime: s.loginTime,
    })
    .from(s)
    .where(eq(s.id, id))
    .limit(1)
    .for('update');
  return row;
}
