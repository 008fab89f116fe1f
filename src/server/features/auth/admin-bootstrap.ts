import type { Database } from '#server/db/client.ts';
import { findUserCredentials, updateUser } from './auth.queries.ts';
import { createAccount } from './auth.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { closeUserSessions } from './sessions.queries.ts';

export type EnsureAdminResult = 'created' | 'updated' | 'unchanged';

/**
 * Makes ADMIN_USERNAME an administrator with ADMIN_PASSWORD on every start: creates the account,
 * or promotes the existing one (name matched case-insensitively). When the password in the
 * environment differs from the stored one, it wins and the account's sessions end.
 */
export async function ensureAdmin(
  db: Database,
  username: string,
  password: string,
): Promise<EnsureAdminResult> {
  const existing = await findUserCredentials(db, username);
  if (!existing) {
    await createAccount(db, { username, password, isAdmin: true });
    return 'created';
  }
  const passwordMatches = await verifyPassword(existing.passwordHash, password);
  if (passwordMatches && existing.user.isAdmin) return 'unchanged';

  const passwordHash = passwordMatches ? undefined : await hashPassword(password);
  await db.transaction(async (tx) => {
    await updateUser(tx, existing.user.id, {
      isAdmin: true,
      ...(passwordHash === undefined ? {} : { passwordHash }),
    });
    if (passwordHash !== undefined) await closeUserSessions(tx, existing.user.id, new Date());
  });
  return 'updated';
}
