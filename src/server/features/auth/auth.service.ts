import type { Database } from '#server/db/client.ts';
import { findUniqueViolation } from '#server/db/database-errors.ts';
import { describeWait, RateLimitedError } from '#server/http/rate-limit.ts';
import {
  isReservedUsername,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
} from '#shared/auth/auth-schemas.ts';
import { AppError, conflict, unauthenticated } from '#shared/errors/app-error.ts';
import { hasActiveSubscription, isSubscriptionTier } from '#shared/plans/tiers.ts';
import type { AuthThrottle } from './auth-throttle.ts';
import {
  findUserCredentials,
  insertUserWithSettings,
  isEmailTaken,
  isUsernameTaken,
  type NewUser,
} from './auth.queries.ts';
import { getDummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { insertFailedLogin } from './sessions.queries.ts';
import { endSession, startSession, type SessionUser } from './sessions.service.ts';

/** Where a login came from, recorded with every attempt in user_sessions. */
export interface ClientInfo {
  ipAddress: string;
  userAgent: string | null;
  /** The session the request already carried; login and registration replace it. */
  previousSessionId: number | null;
}

export const INVALID_CREDENTIALS = 'Invalid username or password';

/** The seven fields of spec 01-core §3 and nothing else (no hash, email, quota or tokens). */
export function toPublicUser(user: SessionUser, now = new Date()): PublicUser {
  const isSubscribed = hasActiveSubscription(user, now);
  const storedTier = user.subscriptionTier.toLowerCase();
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    isAdmin: user.isAdmin,
    isSubscribed,
    // A lapsed subscription reads as free, so the client offers only what the server allows.
    subscriptionTier: isSubscribed && isSubscriptionTier(storedTier) ? storedTier : 'free',
    subscriptionExpiry: user.subscriptionExpiry?.toISOString() ?? null,
  };
}

export const ACCOUNT_SUSPENDED = 'This account has been suspended. Please contact support.';

/** 403 with `details.suspended`, so the web app can say it in the interface language. */
function accountSuspended() {
  return new AppError('PERMISSION_ERROR', 403, ACCOUNT_SUSPENDED, { suspended: true });
}

export const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'Email is already registered';

export function emailConflict() {
  return conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
}

/**
 * Creates a user with a settings row. The pre-checks give precise messages; the unique indexes
 * still decide under concurrent requests.
 */
export async function createAccount(
  db: Database,
  user: Omit<NewUser, 'passwordHash'> & { password: string },
) {
  // A reserved name reads as taken: erasing that user later would otherwise collide with it.
  if (isReservedUsername(user.username) || (await isUsernameTaken(db, user.username))) {
    throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
  }
  if (user.email && (await isEmailTaken(db, user.email))) throw emailConflict();
  const passwordHash = await hashPassword(user.password);
  try {
    return await db.transaction((tx) => insertUserWithSettings(tx, { ...user, passwordHash }));
  } catch (error) {
    const violation = findUniqueViolation(error);
    if (!violation) throw error;
    if (violation.constraint.includes('email')) throw emailConflict();
    throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
  }
}

/** POST /api/register: account, settings and a first session (loginMethod 'register'). */
export async function registerUser(
  db: Database,
  secret: string,
  input: RegisterInput,
  client: ClientInfo,
) {
  const user = await createAccount(db, {
    username: input.username,
    password: input.password,
    email: input.email ?? null,
    displayName: input.displayName ?? null,
  });
  if (client.previousSessionId !== null) await endSession(db, client.previousSessionId);
  const session = await startSession(db, secret, {
    userId: user.id,
    attemptedUsername: input.username,
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
    loginMethod: 'register',
    rememberMe: false,
  });
  return { user, session };
}

/**
 * POST /api/login. Every attempt lands in user_sessions. Unknown users are verified against a
 * dummy hash so the answer time does not reveal which usernames exist.
 */
export async function loginUser(
  db: Database,
  secret: string,
  throttle: AuthThrottle,
  input: LoginInput,
  client: ClientInfo,
) {
  const admission = await throttle.admitLogin(client.ipAddress, input.username);
  if (!admission.allowed) {
    throw new RateLimitedError(
      admission.retryAfterSeconds,
      `Too many login attempts. Please try again in ${describeWait(admission.retryAfterSeconds)}.`,
    );
  }

  const found = await findUserCredentials(db, input.username);
  const isValid = await verifyPassword(
    found?.passwordHash ?? (await getDummyHash()),
    input.password,
  );
  const attempt = {
    attemptedUsername: input.username,
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
    loginMethod: 'password',
  };

  if (!found || !isValid) {
    await throttle.recordFailure(client.ipAddress, input.username);
    await insertFailedLogin(db, { ...attempt, userId: found?.user.id ?? null });
    throw unauthenticated(INVALID_CREDENTIALS);
  }

  await throttle.recordSuccess(client.ipAddress, input.username);
  // Told only to whoever knows the password; the attempt is in the login log as refused.
  if (found.user.suspendedAt !== null) {
    await insertFailedLogin(db, { ...attempt, userId: found.user.id });
    throw accountSuspended();
  }
  // A fresh token at every login: a token planted before sign-in never becomes valid.
  if (client.previousSessionId !== null) await endSession(db, client.previousSessionId);
  const session = await startSession(db, secret, {
    ...attempt,
    userId: found.user.id,
    rememberMe: input.rememberMe ?? false,
  });
  return { user: found.user, session };
}
