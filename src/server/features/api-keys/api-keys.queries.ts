import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '#server/db/client.ts';
import { prepareStatement, runPrepared } from '#server/db/prepared.ts';
import { apiKeys } from '#server/db/schema/api-keys.ts';
import { users } from '#server/db/schema/users.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};
export type ListedKeyRow = { [K in keyof typeof listed]: ApiKeyRow[K] };

export async function insertApiKey(
  db: Executor,
  values: Pick<ApiKeyRow, 'userId' | 'name' | 'prefix' | 'keyHash' | 'scopes' | 'expiresAt'>,
): Promise<ListedKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning(listed);
  return row!;
}

/**
 * Locks the owner's row until the transaction ends: key creations of one user run one after
 * another, so parallel requests cannot all pass the count of active keys.
 */
export async function lockKeyOwner(tx: Executor, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

const isActive = (now: Date) => and(isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, now));

export async function countActiveKeys(db: Executor, userId: number, now: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isActive(now)));
  return row?.count ?? 0;
}

export async function listUserKeys(db: Executor, userId: number) {
  return db
    .select(listed)
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** The key when it is the user's (any user's when userId is undefined: the admin). */
export async function findKey(db: Executor, id: number, userId?: number) {
  const [row] = await db
    .select({ ...listed, userId: apiKeys.userId })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), userId === undefined ? undefined : eq(apiKeys.userId, userId)))
    .limit(1);
  return row;
}

/** Revokes a key once; a revoked key keeps its first revocation. */
export async function revokeKey(db: Executor, id: number, revokedBy: number, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now, revokedBy })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning(listed);
  return row;
}

export interface KeyOwnerRow {
  keyId: number;
  scopes: string[];
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  id: number;
  username: string;
  displayName: string | null;
  email: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
  subscriptionTier: string;
  subscriptionExpiry: Date | null;
  monthlyQuota: number;
  quotaUsed: number;
  suspendedAt: Date | null;
  deletedAt: Date | null;
}

/**
 * Every /api/v1 request runs it, so it is prepared (src/server/db/prepared.ts): the key by its
 * hash with its owner, as the session lookup reads a user.
 */
const KEY_OWNER = prepareStatement<KeyOwnerRow>(
  'api_keys_key_owner',
  `select k.id as "keyId", k.scopes, k.expires_at as "expiresAt", k.revoked_at as "revokedAt",
          k.last_used_at as "lastUsedAt",
          u.id, u.username, u.display_name as "displayName", u.email, u.avatar_url as "avatarUrl",
          u.is_admin as "isAdmin", u.subscription_tier as "subscriptionTier",
          u.subscription_expiry as "subscriptionExpiry", u.monthly_quota as "monthlyQuota",
          u.quota_used as "quotaUsed", u.suspended_at as "suspendedAt", u.deleted_at as "deletedAt"
   from api_keys k
   join users u on u.id = k.user_id
   where k.key_hash = $1
   limit 1`,
);

export async function findKeyOwner(db: Database, keyHash: string) {
  const [row] = await runPrepared(db, KEY_OWNER, [keyHash]);
  return row;
}

export async function touchKey(db: Executor, id: number, now: Date) {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
}

/** Every user's keys for the admin, by id (newest first unless asc), after the cursor's id. */
export async function listAllKeys(
  db: Executor,
  input: {
    q?: string | undefined;
    status: 'all' | 'active' | 'revoked' | 'expired';
    order: 'asc' | 'desc';
    afterId: number | null;
    limit: number;
    now: Date;
  },
) {
  const { now } = input;
  const status =
    input.status === 'active'
      ? isActive(now)
      : input.status === 'revoked'
        ? isNotNull(apiKeys.revokedAt)
        : input.status === 'expired'
          ? and(isNull(apiKeys.revokedAt), lte(apiKeys.expiresAt, now))
          : undefined;
  const pattern = input.q ? `%${input.q.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const after =
    input.afterId === null
      ? undefined
      : input.order === 'asc'
        ? gt(apiKeys.id, input.afterId)
        : lt(apiKeys.id, input.afterId);
  return db
    .select({ ...listed, userId: apiKeys.userId, username: users.username })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        status,
        after,
        pattern
          ? or(
              ilike(users.username, pattern),
              ilike(apiKeys.name, pattern),
              ilike(apiKeys.prefix, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(input.order === 'asc' ? asc(apiKeys.id) : desc(apiKeys.id))
    .limit(input.limit + 1);
}
