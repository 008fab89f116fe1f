import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { tokenUsage } from '#server/db/schema/ai.ts';
import { payments, subscriptions } from '#server/db/schema/billing.ts';
import { users, userSessions } from '#server/db/schema/users.ts';
import type { AdminUserListQuery } from '#shared/admin/admin-users-schemas.ts';

export const adminUserColumns = {
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
  quotaPeriod: users.quotaPeriod,
  bonusMessages: users.bonusMessages,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
};
/** The sort key a page's cursor carries: the id, or the lower-cased username and the id. */
export type UserCursor = { id: number } | { name: string; id: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function statusFilter(status: AdminUserListQuery['status']): SQL | undefined {
  if (status === 'deleted') return isNotNull(users.deletedAt);
  if (status === 'suspended') return and(isNotNull(users.suspendedAt), isNull(users.deletedAt));
  if (status === 'active') return and(isNull(users.suspendedAt), isNull(users.deletedAt));
  return undefined;
}

/** One page of users after `after`, plus one row that says whether another page exists. */
export async function listUsers(db: Executor, query: AdminUserListQuery, after: UserCursor | null) {
  const descending = query.order === 'desc';
  const name = sql<string>`lower(${users.username})`;
  // Lower-cased by the database, as the columns are: JavaScript turns 'İ' into 'i̇' (two
  // characters), PostgreSQL into 'i', so a name typed with its capitals was never found.
  const pattern = query.q ? sql`lower(${`%${escapeLike(query.q)}%`})` : undefined;
  const filters: (SQL | undefined)[] = [
    pattern === undefined
      ? undefined
      : or(
          sql`lower(${users.username}) like ${pattern}`,
          sql`lower(${users.displayName}) like ${pattern}`,
          sql`lower(${users.email}) like ${pattern}`,
        ),
    query.tier === undefined ? undefined : sql`lower(${users.subscriptionTier}) = ${query.tier}`,
    query.role === undefined ? undefined : eq(users.isAdmin, query.role === 'admin'),
    statusFilter(query.status),
  ];
  if (after !== null) {
    const beyond = descending ? lt : gt;
    if ('name' in after) {
      filters.push(
        or(beyond(name, after.name), and(eq(name, after.name), beyond(users.id, after.id))),
      );
    } else {
      filters.push(beyond(users.id, after.id));
    }
  }
  const direction = descending ? desc : asc;
  return db
    .select(adminUserColumns)
    .from(users)
    .where(and(...filters))
    .orderBy(
      ...(query.sort === 'username'
        ? [direction(name), direction(users.id)]
        : [direction(users.id)]),
    )
    .limit(query.limit + 1);
}

export async function findAdminUser(db: Executor, id: number, lock = false) {
  const select = db.select(adminUserColumns).from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await select.for('update') : await select;
  return row;
}

export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findAdminUser>>>;

export async function listUserSessions(db: Executor, userId: number, limit: number) {
  return db
    .select({
      id: userSessions.id,
      loginTime: userSessions.loginTime,
      logoutTime: userSessions.logoutTime,
      lastSeenAt: userSessions.lastSeenAt,
      expiresAt: userSessions.expiresAt,
      ipAddress: userSessions.ipAddress,
      userAgent: userSessions.userAgent,
      loginMethod: userSessions.loginMethod,
      successful: userSessions.successful,
    })
    .from(userSessions)
    .where(eq(userSessions.userId, userId))
    .orderBy(desc(userSessions.id))
    .limit(limit);
}

/** Model calls, tokens and their cost (numeric summed in the database, read as text) since `from`. */
export async function sumUserUsage(db: Executor, userId: number, from: Date) {
  const [row] = await db
    .select({
      messages: sql<number>`count(*)::int`,
      tokens: sql<string>`coalesce(sum(${tokenUsage.totalTokens}), 0)::text`,
      cost: sql<string>`coalesce(sum(${tokenUsage.cost}), 0)::text`,
    })
    .from(tokenUsage)
    .where(and(eq(tokenUsage.userId, userId), gte(tokenUsage.createdAt, from)));
  return row!;
}

export async function findUserSubscription(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row;
}

export async function listUserPayments(db: Executor, userId: number, limit: number) {
  return db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      planId: payments.planId,
      amountCents: payments.amountCents,
      currency: payments.currency,
      method: payments.method,
      status: payments.status,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

/**
 * The other administrators who can still act (not suspended, not deleted), locked until the
 * transaction ends: two administrators demoting each other at once cannot both succeed.
 */
export async function lockOtherActiveAdmins(db: Executor, exceptUserId: number) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isAdmin, true),
        ne(users.id, exceptUserId),
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
      ),
    )
    .for('update');
}

export type UserFieldChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'subscriptionTier'
    | 'subscriptionExpiry'
    | 'monthlyQuota'
    | 'isAdmin'
    | 'suspendedAt'
    | 'suspensionReason'
  >
>;

export async function updateUserFields(db: Executor, id: number, changes: UserFieldChanges) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(adminUserColumns);
  return row!;
}
