import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { settings } from '#server/db/schema/settings.ts';
import { users } from '#server/db/schema/users.ts';
import { loginUserColumns, sessionUserColumns } from './sessions.queries.ts';

/** Case-insensitive match, served by the lower(...) unique indexes. */
const sameUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;
const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export async function findUserCredentials(db: Executor, username: string) {
  const [row] = await db
    .select({ user: loginUserColumns, passwordHash: users.password })
    .from(users)
    .where(sameUsername(username))
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findPasswordHash(db: Executor, id: number) {
  const [row] = await db
    .select({ passwordHash: users.password })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.passwordHash;
}

export async function isUsernameTaken(db: Executor, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sameUsername(username))
    .limit(1);
  return row !== undefined;
}

export async function isEmailTaken(db: Executor, email: string, exceptUserId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sameEmail(email), exceptUserId === undefined ? undefined : ne(users.id, exceptUserId)),
    )
    .limit(1);
  return row !== undefined;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  email?: string | null;
  displayName?: string | null;
  isAdmin?: boolean;
}

/** A user plus their settings row; every setting takes its database default (spec 01-core §3). */
export async function insertUserWithSettings(db: Executor, user: NewUser) {
  const [row] = await db
    .insert(users)
    .values({
      username: user.username,
      password: user.passwordHash,
      email: user.email ?? null,
      displayName: user.displayName ?? null,
      isAdmin: user.isAdmin ?? false,
    })
    .returning(sessionUserColumns);
  await db.insert(settings).values({ userId: row!.id }).onConflictDoNothing();
  return row!;
}

export interface UserChanges {
  displayName?: string | null;
  email?: string | null;
  avatarUrl?: string | null;
  passwordHash?: string;
  isAdmin?: boolean;
}

export async function updateUser(db: Executor, id: number, changes: UserChanges) {
  const { passwordHash, ...fields } = changes;
  const [row] = await db
    .update(users)
    .set({
      ...fields,
      ...(passwordHash === undefined ? {} : { password: passwordHash }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning(sessionUserColumns);
  return row;
}
