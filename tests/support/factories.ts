import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';
import { users } from '#server/db/schema/users.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { SESSION_COOKIE, startSession } from '#server/features/auth/sessions.service.ts';
import { TEST_SECRET } from './test-app.ts';

export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | undefined;

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

/** Inserts a user; unique username unless given. Returns the row and its plain password. */
export async function createUser(db: Database, overrides: UserOverrides = {}) {
  const { password, ...fields } = overrides;
  const hash = password
    ? await hashPassword(password)
    : await (defaultHash ??= hashPassword(DEFAULT_PASSWORD));
  const username = fields.username ?? `user_${randomBytes(5).toString('hex')}`;
  if (Object.keys(fields).length === 0) {
    // Only the two columns every version has, so upgrade tests can seed an older schema.
    const inserted = await db.execute(
      sql`insert into users (username, password) values (${username}, ${hash}) returning *`,
    );
    const [first] = (inserted as { rows: Record<string, unknown>[] }).rows;
    const row = camelCaseKeys(first!) as typeof users.$inferSelect;
    return { ...row, plainPassword: DEFAULT_PASSWORD };
  }
  const [user] = await db
    .insert(users)
    .values({ ...fields, username, password: hash })
    .returning();
  return { ...user!, plainPassword: password ?? DEFAULT_PASSWORD };
}

const camelCaseKeys = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );

/** A real server-side session for the user; returns the Cookie header value. */
export async function signIn(
  db: Database,
  user: { id: number; username: string },
  rememberMe = false,
) {
  const session = await startSession(db, TEST_SECRET, {
    userId: user.id,
    attemptedUsername: user.username,
    ipAddress: '127.0.0.1',
    userAgent: 'vitest',
    loginMethod: 'password',
    rememberMe,
  });
  return `${SESSION_COOKIE}=${session.token}`;
}

/** The user's messages counted against their allowance this period. */
export async function quotaUsed(db: Database, userId: number) {
  const [row] = await db.select({ used: users.quotaUsed }).from(users).where(eq(users.id, userId));
  return row!.used;
}

/** A user with a session in one step. */
export async function createSignedInUser(db: Database, overrides: UserOverrides = {}) {
  const user = await createUser(db, overrides);
  return { user, cookie: await signIn(db, user) };
}

export interface MessageSeed {
  content: string;
  /** Default: alternating, user first. */
  isUserMessage?: boolean;
  timestamp?: Date;
  status?: 'complete' | 'stopped';
}

export interface ConversationSeed {
  title?: string | null;
  personaId?: number | null;
  messages?: (MessageSeed | string)[];
  /** Time of the first message; later ones follow a second apart. Default: a minute ago. */
  startAt?: Date;
}

/** A conversation with its messages, inserted directly (no chat route involved). */
export async function createConversation(
  db: Database,
  userId: number,
  seed: ConversationSeed = {},
) {
  const startAt = seed.startAt ?? new Date(Date.now() - 60_000);
  const [conversation] = await db
    .insert(conversations)
    .values({
      userId,
      conversationId: randomBytes(12).toString('base64url'),
      title: seed.title ?? null,
      personaId: seed.personaId ?? null,
      timestamp: startAt,
      createdAt: startAt,
      updatedAt: startAt,
    })
    .returning();
  const values = (seed.messages ?? []).map((entry, index) => {
    const message = typeof entry === 'string' ? { content: entry } : entry;
    return {
      userId,
      conversationId: conversation!.conversationId,
      content: message.content,
      isUserMessage: message.isUserMessage ?? index % 2 === 0,
      timestamp: message.timestamp ?? new Date(startAt.getTime() + index * 1000),
      status: message.status ?? 'complete',
    };
  });
  const rows = values.length > 0 ? await db.insert(messages).values(values).returning() : [];
  return { conversation: conversation!, messages: rows };
}
