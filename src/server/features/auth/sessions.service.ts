import { createHmac, randomBytes } from 'node:crypto';
import type { Executor } from '#server/db/client.ts';
import {
  closeSession,
  findLiveSession,
  insertSession,
  replaceSessionToken,
  touchSession,
  type LoginAttempt,
} from './sessions.queries.ts';

export const SESSION_COOKIE = 'orbit_session';
/** The cookie's name over https (session-cookie.ts). */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Idle and absolute lifetimes; remember-me extends both (docs/decisions/005-sessions-and-csrf.md). */
export const SESSION_POLICY = {
  standard: { idleMs: 1 * DAY, absoluteMs: 7 * DAY },
  remembered: { idleMs: 30 * DAY, absoluteMs: 90 * DAY },
  // lastSeenAt is written at most this often, so reads do not turn into writes.
  touchEveryMs: 5 * MINUTE,
} as const;

export type SessionUser = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>['user'];

/** Only an HMAC of the token (keyed with APP_SECRET) is stored; a database leak reveals no session. */
export function hashSessionToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}

function newToken() {
  return randomBytes(32).toString('base64url'); // 256 bits
}

export async function startSession(
  db: Executor,
  secret: string,
  attempt: LoginAttempt & { userId: number; rememberMe: boolean },
  now = new Date(),
) {
  const token = newToken();
  const policy = attempt.rememberMe ? SESSION_POLICY.remembered : SESSION_POLICY.standard;
  const expiresAt = new Date(now.getTime() + policy.absoluteMs);
  const { id } = await insertSession(db, {
    ...attempt,
    tokenHash: hashSessionToken(secret, token),
    expiresAt,
  });
  return { token, sessionId: id, expiresAt, rememberMe: attempt.rememberMe };
}

/**
 * Gives a live session a fresh token (after a privilege change such as a new password), so a
 * token captured earlier stops working while the user stays signed in. Null if it has ended.
 */
export async function rotateSession(db: Executor, secret: string, sessionId: number) {
  const token = newToken();
  const row = await replaceSessionToken(db, sessionId, hashSessionToken(secret, token));
  if (!row?.expiresAt) return null;
  return { token, sessionId, expiresAt: row.expiresAt, rememberMe: row.rememberMe };
}

/** Ends one session server-side: its token can never be used again. */
export async function endSession(db: Executor, sessionId: number, now = new Date()) {
  await closeSession(db, sessionId, now);
}

/** The session's user, or null when the token is unknown, ended, idle too long or past its end. */
export async function resolveSession(
  db: Executor,
  secret: string,
  token: string,
  now = new Date(),
) {
  const row = await findLiveSession(db, hashSessionToken(secret, token), now);
  if (!row) return null;
  const policy = row.rememberMe ? SESSION_POLICY.remembered : SESSION_POLICY.standard;
  const lastSeen = row.lastSeenAt?.getTime() ?? 0;
  if (now.getTime() - lastSeen > policy.idleMs) {
    await closeSession(db, row.sessionId, now);
    return null;
  }
  if (now.getTime() - lastSeen > SESSION_POLICY.touchEveryMs) {
    await touchSession(db, row.sessionId, now);
  }
  return { sessionId: row.sessionId, user: row.user };
}
