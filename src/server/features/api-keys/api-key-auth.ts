import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiKeyRoute } from '#server/http/access.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { bearerKey, hashApiKey } from './api-key-secret.ts';
import { findKeyOwner, touchKey, type KeyOwnerRow } from './api-keys.queries.ts';

/** last_used_at is written at most this often, so a busy key does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

/** A suspended or erased owner's keys stop working at once (decision 140). */
export function isOwnerActive(owner: KeyOwnerRow): boolean {
  return owner.suspendedAt === null && owner.deletedAt === null;
}

/** The key's owner when the key is known, not revoked, not expired and its owner active. */
export async function resolveApiKey(ctx: AppContext, key: string, now = new Date()) {
  const row = await findKeyOwner(ctx.db, hashApiKey(key));
  if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= now.getTime()) return null;
  if (!isOwnerActive(row)) return null;
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await touchKey(ctx.db, row.keyId, now);
  }
  const {
    keyId,
    scopes,
    expiresAt: _expires,
    revokedAt: _revoked,
    lastUsedAt: _used,
    suspendedAt: _suspended,
    deletedAt: _deleted,
    ...owner
  } = row;
  return { apiKey: { id: keyId, scopes }, owner };
}

/**
 * Resolves `Authorization: Bearer sk-orbit-…` on `apiKey` routes (the OpenAI-compatible API)
 * into request.apiKey and its owner as request.user. Registered after the session resolver
 * (which leaves these routes alone) and before the rate limit, so calls count per owner. A bad
 * key sets nothing; access control answers 401 after the rate limit counted the attempt.
 */
export function registerApiKeyResolver(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!isApiKeyRoute(request)) return;
    const key = bearerKey(request.headers.authorization);
    if (!key) return;
    const resolved = await resolveApiKey(ctx, key);
    if (!resolved) return;
    request.apiKey = resolved.apiKey;
    request.user = resolved.owner;
  });
}
