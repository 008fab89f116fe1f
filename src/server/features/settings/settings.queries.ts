import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { settings } from '#server/db/schema/settings.ts';
import { users } from '#server/db/schema/users.ts';

export type SettingsRow = typeof settings.$inferSelect;
export type SettingsChanges = Partial<
  Omit<typeof settings.$inferInsert, 'id' | 'userId' | 'updatedAt'>
>;

export async function findSettings(db: Executor, userId: number) {
  const [row] = await db.select().from(settings).where(eq(settings.userId, userId)).limit(1);
  return row;
}

/** Writes the given fields; creates the row (column defaults for the rest) when it is missing. */
export async function upsertSettings(db: Executor, userId: number, changes: SettingsChanges) {
  const now = new Date();
  const [row] = await db
    .insert(settings)
    .values({ ...changes, userId, updatedAt: now })
    .onConflictDoUpdate({ target: settings.userId, set: { ...changes, updatedAt: now } })
    .returning();
  return row!;
}

export async function userExists(db: Executor, userId: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}
