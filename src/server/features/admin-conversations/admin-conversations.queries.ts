import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';
import { users } from '#server/db/schema/users.ts';
import type { AdminConversationQuery } from '#shared/admin/admin-conversation-schemas.ts';

/**
 * Any user's conversations for administrators: read here, apart from the owner-scoped queries of
 * the conversations feature, so no owner check there can be bypassed by mistake.
 */

/** The sort key of a page: updated_at as PostgreSQL's own text (microseconds kept) and the id. */
export type ConversationCursor = [string, number];

const c = conversations;
const columns = {
  id: c.id,
  conversationId: c.conversationId,
  title: c.title,
  userId: c.userId,
  username: users.username,
  updatedAt: c.updatedAt,
  updatedAtKey: sql<string>`${c.updatedAt}::text`,
  messageCount: sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${c.conversationId})`,
};
export type AdminConversationRow = NonNullable<
  Awaited<ReturnType<typeof findConversationForAdmin>>
>;

/** LIKE's wildcards in a search text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listConversationsForAdmin(
  db: Executor,
  query: AdminConversationQuery,
  after: ConversationCursor | null,
) {
  const newestFirst = query.order === 'desc';
  const filters: (SQL | undefined)[] = [
    query.userId === undefined ? undefined : eq(c.userId, query.userId),
    query.q ? ilike(c.title, `%${escapeLike(query.q)}%`) : undefined,
  ];
  if (after) {
    const [updatedAt, id] = after;
    filters.push(
      newestFirst
        ? sql`(${c.updatedAt}, ${c.id}) < (${updatedAt}::timestamptz, ${id})`
        : sql`(${c.updatedAt}, ${c.id}) > (${updatedAt}::timestamptz, ${id})`,
    );
  }
  return db
    .select(columns)
    .from(c)
    .innerJoin(users, eq(users.id, c.userId))
    .where(and(...filters))
    .orderBy(
      ...(newestFirst
        ? [sql`${c.updatedAt} desc`, sql`${c.id} desc`]
        : [asc(c.updatedAt), asc(c.id)]),
    )
    .limit(query.limit + 1);
}

export async function findConversationForAdmin(db: Executor, conversationId: string) {
  const rows = await db
    .select(columns)
    .from(c)
    .innerJoin(users, eq(users.id, c.userId))
    .where(eq(c.conversationId, conversationId));
  return rows[0] ?? null;
}

/** The first `limit` messages of a conversation in time order. */
export async function listMessagesForAdmin(db: Executor, conversationId: string, limit: number) {
  return db
    .select({
      id: messages.id,
      content: messages.content,
      isUserMessage: messages.isUserMessage,
      timestamp: messages.timestamp,
      model: messages.model,
      status: messages.status,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.timestamp), asc(messages.id))
    .limit(limit);
}
