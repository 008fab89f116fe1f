import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { toPage } from '#server/http/cursor.ts';
import {
  MAX_ACTIVE_API_KEYS,
  requireApiAccess,
  type ApiKeyScope,
} from '#shared/api-keys/api-access.ts';
import type {
  AdminApiKey,
  AdminApiKeyQuery,
  ApiKey,
  CreateApiKeyRequest,
  CreatedApiKey,
} from '#shared/api-keys/api-key-schemas.ts';
import { conflict, notFound } from '#shared/errors/app-error.ts';
import type { AccessState } from '#shared/plans/tiers.ts';
import { newApiKey } from './api-key-secret.ts';
import {
  countActiveKeys,
  findKey,
  insertApiKey,
  listAllKeys,
  listUserKeys,
  lockKeyOwner,
  revokeKey,
  type ListedKeyRow,
} from './api-keys.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export function toApiKey(row: ListedKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}

export function toAdminApiKey(
  row: ListedKeyRow & { userId: number; username: string },
): AdminApiKey {
  return { ...toApiKey(row), userId: row.userId, username: row.username };
}

/**
 * POST /api/api-keys: the key is returned this once; only its hash and prefix are kept. The
 * count and the insert share one transaction with the owner's row locked, so a burst of parallel
 * requests cannot mint more than MAX_ACTIVE_API_KEYS.
 */
export async function createApiKey(
  db: Database,
  user: AccessState & { id: number },
  input: CreateApiKeyRequest,
  now = new Date(),
): Promise<CreatedApiKey> {
  // Spec 02 §9: 'Expert and Ultimate include API access'; administrators have Ultimate's rules.
  requireApiAccess(user);
  const { key, prefix, keyHash } = newApiKey();
  const row = await db.transaction(async (tx) => {
    await lockKeyOwner(tx, user.id);
    if ((await countActiveKeys(tx, user.id, now)) >= MAX_ACTIVE_API_KEYS) {
      throw conflict(
        `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first`,
      );
    }
    return insertApiKey(tx, {
      userId: user.id,
      name: input.name,
      prefix,
      keyHash,
      scopes: input.scopes,
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
    });
  });
  return { ...toApiKey(row), key };
}

export async function listApiKeys(db: Executor, userId: number): Promise<ApiKey[]> {
  return (await listUserKeys(db, userId)).map(toApiKey);
}

/** DELETE /api/api-keys/{id}: another user's key is a 404; revoking twice changes nothing. */
export async function revokeOwnApiKey(db: Executor, userId: number, id: number, now = new Date()) {
  const key = await findKey(db, id, userId);
  if (!key) throw notFound('API key not found');
  await revokeKey(db, id, userId, now);
}

/** GET /api/admin/api-keys: every user's keys, paged by id. */
export async function listAllApiKeys(
  db: Executor,
  query: AdminApiKeyQuery,
  afterId: number | null,
  now = new Date(),
) {
  const rows = await listAllKeys(db, { ...query, afterId, now });
  return toPage(rows, query.limit, toAdminApiKey, (row) => row.id);
}

/**
 * POST /api/admin/api-keys/{id}/revoke, audited (decision 120). Revoking a revoked key changes
 * nothing and records nothing.
 */
export async function revokeAnyApiKey(
  db: Database,
  actor: AuditActor,
  id: number,
  now = new Date(),
): Promise<ApiKey> {
  const key = await findKey(db, id);
  if (!key) throw notFound('API key not found');
  if (key.revokedAt !== null) return toApiKey(key);
  return withAudit(db, actor, 'api_key.revoke', { type: 'api_key', id }, async (tx, record) => {
    record.before = { ...toApiKey(key), userId: key.userId };
    const revoked = (await revokeKey(tx, id, actor.userId, now)) ?? key;
    record.after = { ...toApiKey(revoked), userId: key.userId };
    return toApiKey(revoked);
  });
}
