import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { tokenUsage } from '#server/db/schema/ai.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';

/**
 * The writes of one chat turn, each a single statement (one round trip, atomic): the hot path
 * must not pay for BEGIN/COMMIT on the embedded database. The assistant reply's id is reserved
 * from the messages sequence when the user message is stored, so the `start` event can name it
 * while the row itself is written once, at the end.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface TurnIds {
  userMessageId: number;
  replyId: number;
}

const RESERVE_REPLY_ID = sql`nextval(pg_get_serial_sequence('messages', 'id'))::int`;

/** Deletes a conversation's messages from a message on (edit and regenerate truncate). */
function truncateFrom(conversationId: string, messageId: number | undefined): SQL {
  if (messageId === undefined) return sql``;
  return sql`d as (
    delete from messages
    where conversation_id = ${conversationId}
      and (timestamp, id) >= (select m.timestamp, m.id from messages m where m.id = ${messageId})
  ),`;
}

/** Creates the conversation and stores its first user message. */
export async function insertFirstTurn(
  db: Executor,
  input: {
    conversationId: string;
    userId: number;
    title: string | null;
    personaId: number | null;
    content: string;
  },
): Promise<TurnIds> {
  const result = await db.execute(sql`
    with c as (
      insert into conversations (conversation_id, user_id, title, persona_id)
      values (${input.conversationId}, ${input.userId}, ${input.title}, ${input.personaId})
    )
    insert into messages (user_id, content, is_user_message, conversation_id)
    values (${input.userId}, ${input.content}, true, ${input.conversationId})
    returning id as "userMessageId", ${RESERVE_REPLY_ID} as "replyId"`);
  return rowsOf<TurnIds>(result)[0]!;
}

/**
 * Stores a user message in an existing conversation, after deleting from `truncateFromId` on
 * (edit), and records the persona now in use.
 */
export async function insertTurn(
  db: Executor,
  input: {
    conversationId: string;
    userId: number;
    content: string;
    personaId: number | null;
    truncateFromId?: number;
  },
): Promise<TurnIds> {
  const result = await db.execute(sql`
    with ${truncateFrom(input.conversationId, input.truncateFromId)}
    u as (
      update conversations set updated_at = now(), persona_id = ${input.personaId}
      where conversation_id = ${input.conversationId}
    )
    insert into messages (user_id, content, is_user_message, conversation_id)
    values (${input.userId}, ${input.content}, true, ${input.conversationId})
    returning id as "userMessageId", ${RESERVE_REPLY_ID} as "replyId"`);
  return rowsOf<TurnIds>(result)[0]!;
}

/** Regenerate: deletes from the replaced reply on and reserves the new reply's id. */
export async function reserveReply(
  db: Executor,
  input: { conversationId: string; personaId: number | null; truncateFromId?: number },
): Promise<number> {
  const result = await db.execute(sql`
    with ${truncateFrom(input.conversationId, input.truncateFromId)}
    u as (
      update conversations set updated_at = now(), persona_id = ${input.personaId}
      where conversation_id = ${input.conversationId}
    )
    select ${RESERVE_REPLY_ID} as "replyId"`);
  return rowsOf<{ replyId: number }>(result)[0]!.replyId;
}

/**
 * Stores the user side of a turn: a new conversation with its first message, a message in an
 * existing one (after truncating from `replaceFromId` for an edit), or, for a regenerate
 * (`answerUserMessageId`), only the truncation. Returns the user message and reserved reply ids.
 */
export async function storeTurn(
  db: Executor,
  input: {
    conversationId: string;
    userId: number;
    personaId: number | null;
    title: string | null;
    content: string;
    isNew: boolean;
    replaceFromId: number | undefined;
    answerUserMessageId: number | undefined;
  },
): Promise<TurnIds> {
  const { conversationId, userId, personaId, content } = input;
  const truncate = input.replaceFromId === undefined ? {} : { truncateFromId: input.replaceFromId };
  if (input.answerUserMessageId !== undefined) {
    const replyId = await reserveReply(db, { conversationId, personaId, ...truncate });
    return { userMessageId: input.answerUserMessageId, replyId };
  }
  if (input.isNew) {
    return insertFirstTurn(db, { conversationId, userId, title: input.title, personaId, content });
  }
  return insertTurn(db, { conversationId, userId, content, personaId, ...truncate });
}

/** Undoes a stored user turn whose attachments were refused (the request stores nothing). */
export async function deleteTurn(
  db: Executor,
  input: { userMessageId: number; conversationId: string; isNewConversation: boolean },
) {
  if (input.isNewConversation) {
    await db.delete(conversations).where(eq(conversations.conversationId, input.conversationId));
  } else {
    await db.delete(messages).where(eq(messages.id, input.userMessageId));
  }
}

export type UsageValues = Omit<typeof tokenUsage.$inferInsert, 'id' | 'createdAt'>;

/** The reply, its token_usage row and the conversation's recency, in one statement. */
export async function insertReply(
  db: Executor,
  reply: {
    id: number;
    userId: number;
    conversationId: string;
    content: string;
    status: 'complete' | 'stopped';
    model: string;
  },
  usage: UsageValues,
): Promise<{ timestamp: Date }> {
  const result = await db.execute(sql`
    with m as (
      insert into messages (id, user_id, content, is_user_message, conversation_id, status, model)
      values (${reply.id}, ${reply.userId}, ${reply.content}, false, ${reply.conversationId},
              ${reply.status}, ${reply.model})
      returning timestamp
    ),
    u as (
      update conversations set updated_at = now() where conversation_id = ${reply.conversationId}
    ),
    t as (
      insert into token_usage (user_id, model, conversation_id, input_tokens, output_tokens,
                               total_tokens, cost, response_time, status, error_message)
      values (${usage.userId}, ${usage.model}, ${usage.conversationId ?? null},
              ${usage.inputTokens ?? 0}, ${usage.outputTokens ?? 0}, ${usage.totalTokens ?? 0},
              ${usage.cost ?? '0'}, ${usage.responseTime ?? null}, ${usage.status ?? 'success'},
              ${usage.errorMessage ?? null})
    )
    select timestamp from m`);
  const row = rowsOf<{ timestamp: string | Date }>(result)[0]!;
  return { timestamp: new Date(row.timestamp) };
}

export async function insertUsage(db: Executor, usage: UsageValues) {
  await db.insert(tokenUsage).values(usage);
}

/** Replaces the provisional title unless the user renamed the conversation meanwhile. */
export async function replaceTitle(
  db: Executor,
  input: { conversationId: string; provisional: string | null; title: string },
) {
  await db
    .update(conversations)
    .set({ title: input.title })
    .where(
      and(
        eq(conversations.conversationId, input.conversationId),
        input.provisional === null
          ? isNull(conversations.title)
          : eq(conversations.title, input.provisional),
      ),
    );
}
