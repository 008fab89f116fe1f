import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { deletedUsername } from '#shared/auth/auth-schemas.ts';
import { apiKeys } from '#server/db/schema/api-keys.ts';
import { clientErrors } from '#server/db/schema/ai.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';
import { codeProjects } from '#server/db/schema/codehub.ts';
import {
  codeActions,
  codeSessionParticipants,
  codeSessionPresence,
  codeSessions,
} from '#server/db/schema/codehub-live.ts';
import { userFiles } from '#server/db/schema/files.ts';
import { chatIdempotencyKeys } from '#server/db/schema/idempotency.ts';
import { personas } from '#server/db/schema/personas.ts';
import { settings } from '#server/db/schema/settings.ts';
import { users, userSessions } from '#server/db/schema/users.ts';
import { websiteProjects } from '#server/db/schema/website-builder.ts';

/**
 * Erases a user's personal data in one transaction (decisions 141, 313). Their content goes:
 * conversations (with messages and file links), files (rows; the bytes go with the hourly orphan
 * sweep), custom personas, settings, idempotency keys, API keys, the login history with its
 * addresses, code hub projects (with their files and every session on them), the live sessions
 * they started, and their websites, published or not. The user row stays, anonymised, so
 * token_usage, payments, subscriptions, checkouts and the referral ledger keep pointing at it:
 * the figures stay right and no longer name anyone.
 */
export async function eraseUser(db: Executor, id: number, now: Date) {
  await db.delete(conversations).where(eq(conversations.userId, id));
  await db.delete(messages).where(eq(messages.userId, id));
  await db.delete(userFiles).where(eq(userFiles.userId, id));
  await db.delete(settings).where(eq(settings.userId, id));
  await db.delete(personas).where(eq(personas.userId, id));
  await db.delete(chatIdempotencyKeys).where(eq(chatIdempotencyKeys.userId, id));
  await db.delete(userSessions).where(eq(userSessions.userId, id));
  await db.delete(apiKeys).where(eq(apiKeys.userId, id));
  await db.delete(codeSessions).where(eq(codeSessions.hostUserId, id));
  await db.delete(codeProjects).where(eq(codeProjects.userId, id));
  await db.delete(codeSessionParticipants).where(eq(codeSessionParticipants.userId, id));
  await db.delete(codeSessionPresence).where(eq(codeSessionPresence.userId, id));
  // Their edits and runs in other people's sessions are part of those sessions' replay: they
  // stay, naming nobody (decision 313).
  await db.update(codeActions).set({ userId: null }).where(eq(codeActions.userId, id));
  await db.delete(websiteProjects).where(eq(websiteProjects.userId, id));
  await db.update(clientErrors).set({ userId: null }).where(eq(clientErrors.userId, id));
  await db
    .update(users)
    .set({
      username: deletedUsername(id),
      // No password hash verifies against an empty string: the account cannot sign in.
      password: '',
      email: null,
      displayName: null,
      avatarUrl: null,
      firebaseUid: null,
      referralCode: null,
      referredBy: null,
      isAdmin: false,
      verificationToken: null,
      verificationTokenExpiry: null,
      resetPasswordToken: null,
      resetPasswordTokenExpiry: null,
      suspendedAt: now,
      suspensionReason: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}
