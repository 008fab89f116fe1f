import type { Database } from '#server/db/client.ts';
import { RateLimitedError } from '#server/http/rate-limit.ts';
import type { UpdateProfileInput } from '#shared/auth/auth-schemas.ts';
import { invalid, unauthenticated } from '#shared/errors/app-error.ts';
import { describeWait, type AuthThrottle } from './auth-throttle.ts';
import { findPasswordHash, isEmailTaken, updateUser, type UserChanges } from './auth.queries.ts';
import { emailConflict, findUniqueViolation } from './auth.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { closeUserSessions } from './sessions.queries.ts';
import { rotateSession, type SessionUser } from './sessions.service.ts';

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * Wrong current passwords count against the same per-username budget as failed logins,
 * so a borrowed session cannot be used to guess the password.
 */
async function requireCurrentPassword(
  db: Database,
  throttle: AuthThrottle,
  user: SessionUser,
  currentPassword: string,
) {
  const budget = await throttle.checkFailures(user.username);
  if (!budget.allowed) {
    throw new RateLimitedError(
      budget.retryAfterSeconds,
      `Too many wrong passwords. Please try again in ${describeWait(budget.retryAfterSeconds)}.`,
    );
  }
  const storedHash = await findPasswordHash(db, user.id);
  if (storedHash === undefined) throw unauthenticated();
  if (!(await verifyPassword(storedHash, currentPassword))) {
    await throttle.recordFailure(user.username);
    throw invalid(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
  }
}

/**
 * PATCH /api/user. Only the profile fields of the schema can change. A new password ends every
 * other session of the user and gives the caller's session a fresh token.
 */
export async function updateProfile(
  db: Database,
  secret: string,
  throttle: AuthThrottle,
  caller: { user: SessionUser; sessionId: number },
  input: UpdateProfileInput,
) {
  const { user, sessionId } = caller;
  const changes: UserChanges = {};
  if (input.displayName !== undefined) changes.displayName = input.displayName;
  if (input.avatarUrl !== undefined) changes.avatarUrl = input.avatarUrl;
  if (input.email !== undefined) {
    if (input.email !== null && (await isEmailTaken(db, input.email, user.id))) {
      throw emailConflict();
    }
    changes.email = input.email;
  }
  if (input.newPassword !== undefined) {
    await requireCurrentPassword(db, throttle, user, input.currentPassword ?? '');
    changes.passwordHash = await hashPassword(input.newPassword);
  }

  try {
    return await db.transaction(async (tx) => {
      const updated = await updateUser(tx, user.id, changes);
      if (!updated) throw unauthenticated();
      if (changes.passwordHash === undefined) return { user: updated, session: null };
      await closeUserSessions(tx, user.id, new Date(), sessionId);
      const session = await rotateSession(tx, secret, sessionId);
      return { user: updated, session };
    });
  } catch (error) {
    if (findUniqueViolation(error)) throw emailConflict();
    throw error;
  }
}
