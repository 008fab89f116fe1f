import type { Database } from '#server/db/client.ts';
import { findUniqueViolation } from '#server/db/database-errors.ts';
import { describeWait, RateLimitedError } from '#server/http/rate-limit.ts';
import type { UpdateProfileInput } from '#shared/auth/auth-schemas.ts';
import { invalid, unauthenticated } from '#shared/errors/app-error.ts';
import type { AuthThrottle } from './auth-throttle.ts';
import { findPasswordHash, isEmailTaken, updateUser, type UserChanges } from './auth.queries.ts';
import { emailConflict } from './auth.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { closeUserSessions } from './sessions.queries.ts';
import { rotateSession, type SessionUser } from './sessions.service.ts';

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const PASSWORD_FOR_EMAIL = 'Please enter your current password to change your email address';

/** Who asks: the signed-in user, their session and the address the request came from. */
export interface ProfileCaller {
  user: SessionUser;
  sessionId: number;
  ipAddress: string;
}

/**
 * Wrong current passwords count against the same (address, username) delays and per-username cap
 * as failed logins, so a borrowed session cannot be used to guess the password.
 */
async function requireCurrentPassword(
  db: Database,
  throttle: AuthThrottle,
  { user, ipAddress }: ProfileCaller,
  currentPassword: string,
) {
  const budget = await throttle.admitPassword(ipAddress, user.username);
  if (!budget.allowed) {
    throw new RateLimitedError(
      budget.retryAfterSeconds,
      `Too many wrong passwords. Please try again in ${describeWait(budget.retryAfterSeconds)}.`,
    );
  }
  const storedHash = await findPasswordHash(db, user.id);
  if (storedHash === undefined) throw unauthenticated();
  if (!(await verifyPassword(storedHash, currentPassword))) {
    await throttle.recordFailure(ipAddress, user.username);
    throw invalid(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
  }
}

/**
 * PATCH /api/user. Only the profile fields of the schema can change. A new email or password
 * needs the current password (whoever holds a session must not take the account over: the email
 * is where a password reset will go). A new password ends every other session of the user and
 * gives the caller's session a fresh token; `endedSessionIds` are the sessions it ended, whose
 * open connections the caller closes once this has committed (decision 320).
 */
export async function updateProfile(
  db: Database,
  secret: string,
  throttle: AuthThrottle,
  caller: ProfileCaller,
  input: UpdateProfileInput,
) {
  const { user, sessionId } = caller;
  const changes: UserChanges = {};
  if (input.displayName !== undefined) changes.displayName = input.displayName;
  if (input.avatarUrl !== undefined) changes.avatarUrl = input.avatarUrl;
  const emailChanges = input.email !== undefined && input.email !== user.email;
  if (emailChanges && input.currentPassword === undefined) {
    throw invalid(PASSWORD_FOR_EMAIL, { currentPassword: [PASSWORD_FOR_EMAIL] });
  }
  // The password first: without it, nobody learns whether an address is registered.
  if (emailChanges || input.newPassword !== undefined) {
    await requireCurrentPassword(db, throttle, caller, input.currentPassword ?? '');
  }
  if (emailChanges) {
    if (input.email && (await isEmailTaken(db, input.email, user.id))) throw emailConflict();
    changes.email = input.email;
  }
  if (input.newPassword !== undefined) {
    changes.passwordHash = await hashPassword(input.newPassword);
  }

  try {
    return await db.transaction(async (tx) => {
      const updated = await updateUser(tx, user.id, changes);
      if (!updated) throw unauthenticated();
      if (changes.passwordHash === undefined) {
        return { user: updated, session: null, endedSessionIds: [] };
      }
      const endedSessionIds = await closeUserSessions(tx, user.id, new Date(), sessionId);
      const session = await rotateSession(tx, secret, sessionId);
      return { user: updated, session, endedSessionIds };
    });
  } catch (error) {
    if (findUniqueViolation(error)) throw emailConflict();
    throw error;
  }
}
