import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '#server/db/client.ts';
import { prepareStatement, runPrepared } from '#server/db/prepared.ts';
import { tokenUsage } from '#server/db/schema/ai.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';
import { notFound } from '#shared/errors/app-error.ts';
import type { UsageValues } from '#server/ai/usage-row.ts';

/**
 * The writes of one chat turn, each a single statement (one round trip, atomic): the hot path
 * must not pay for BEGIN/COMMIT on the embedded database. The assistant reply's id is reserved
 * from the messages sequence when the user message is stored, so the `start` event can name it
 * while the row itself is written once, at the end. They are prepared statements
 * (src/server/db/prepared.ts): parsed and planned once per connection.
 */

interface TurnIds {
  userMessageId: number;
  replyId: number;
  /** Files linked to the messages the truncation deleted (their links went with them). */
  droppedFileIds: number[];
}

const RESERVE_REPLY_ID = `nextval(pg_get_serial_sequence('messages', 'id'))::int`;

/**
 * Deletes a conversation's messages from message $n on (an edit truncates); nothing when $n is
 * null. $1 is the conversation. DROPPED_FILES names the files those messages had:
 * the statement still sees their links, which the delete removes with them.
 */
const truncateFrom = (param: string) => `d as (
    delete from messages
    where ${param}::int is not null and conversation_id = $1
      and (timestamp, id) >= (select m.timestamp, m.id from messages m where m.id = ${param}::int)
    returning id
  )`;
const DROPPED_FILES = `array(select distinct f.file_id from chat_files f
    where f.message_id in (select id from d)) as "droppedFileIds"`;

/** The message $n is still in conversation $1 (another tab's edit may have replaced it). */
const stillThere = (param: string) =>
  `exists (select 1 from messages x where x.id = ${param}::int and x.conversation_id = $1)`;

/**
 * Edit: stores the new text after deleting from the edited message ($4) on, and links the
 * user's files ($5) to it in the same statement: once the truncation commits, the new message
 * holds what the user sent, whatever fails after (decision 314). No row when the edited message
 * is gone: two edits of one message must not both append.
 */
const TURN = prepareStatement<TurnIds>(
  'chat_insert_turn',
  `with ${truncateFrom('$4')},
   m as (
     insert into messages (user_id, content, is_user_message, conversation_id)
     select $2, $3, true, $1 where $4::int is null or ${stillThere('$4')}
     returning id
   ),
   l as (
     insert into chat_files (conversation_id, file_id, message_id)
     select $1, f.id, m.id from m, user_files f
     where f.id = any($5::int[]) and f.user_id = $2
   )
   select m.id as "userMessageId", ${RESERVE_REPLY_ID} as "replyId", ${DROPPED_FILES} from m`,
);

/**
 * Regenerate: deletes everything after the question answered again ($2) and reserves the new
 * reply's id. After the question rather than from the replaced reply: a second regenerate of one
 * reply (a double click, two tabs) then replaces the first one's reply instead of adding a second
 * answer. No row when the question itself is gone (an edit replaced it).
 */
const RESERVE_REPLY = prepareStatement<Omit<TurnIds, 'userMessageId'>>(
  'chat_reserve_reply',
  `with d as (
     delete from messages
     where conversation_id = $1
       and (timestamp, id) > (select q.timestamp, q.id from messages q where q.id = $2::int)
     returning id
   )
   select ${RESERVE_REPLY_ID} as "replyId", ${DROPPED_FILES} where ${stillThere('$2')}`,
);

/**
 * Stores the user side of an edit or a regenerate (a plain send is stored by storeSendTurn in
 * send-turn.queries.ts): the edited message with its files after truncating from
 * `replaceFromId`, or, for a regenerate (`answerUserMessageId`), only the truncation after the
 * question. Returns the user message and reserved reply ids; 404 when the edited message or the
 * question is gone meanwhile. The persona and recency follow with recordTurn, as for every turn.
 */
export async function storeTurn(
  db: Database,
  input: {
    conversationId: string;
    userId: number;
    content: string;
    fileIds: number[];
    replaceFromId: number | undefined;
    answerUserMessageId: number | undefined;
  },
): Promise<TurnIds> {
  if (input.answerUserMessageId !== undefined) {
    const [row] = await runPrepared(db, RESERVE_REPLY, [
      input.conversationId,
      input.answerUserMessageId,
    ]);
    if (!row) throw notFound('Message not found');
    return { userMessageId: input.answerUserMessageId, ...row };
  }
  const [row] = await runPrepared(db, TURN, [
    input.conversationId,
    input.userId,
    input.content,
    input.replaceFromId ?? null,
    input.fileIds,
  ]);
  if (!row) throw notFound('Message not found');
  return row;
}

const RECORD_TURN = prepareStatement(
  'chat_record_turn',
  `update conversations set persona_id = $2, updated_at = now() where conversation_id = $1`,
);

/** A turn's conversation: the persona now in use, and it moves to the top of the list. */
export async function recordTurn(
  db: Database,
  input: { conversationId: string; personaId: number | null },
) {
  await runPrepared(db, RECORD_TURN, [input.conversationId, input.personaId]);
}

/** Undoes a stored send whose attachments were refused (the request stores nothing). */
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

export type { UsageValues } from '#server/ai/usage-row.ts';

/** The reply, its token_usage row and the conversation's recency, in one statement. */
const REPLY = prepareStatement<{ timestamp: Date }>(
  'chat_insert_reply',
  `with m as (
     insert into messages (id, user_id, content, is_user_message, conversation_id, status, model)
     values ($1, $2, $3, false, $4, $5, $6)
     returning timestamp
   ),
   u as (
     update conversations set updated_at = now() where conversation_id = $4
   ),
   t as (
     insert into token_usage (user_id, model, conversation_id, input_tokens, output_tokens,
                              total_tokens, cost, response_time, status, error_message)
     values ($7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
   )
   select timestamp from m`,
);

export async function insertReply(
  db: Database,
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
  const [row] = await runPrepared(db, REPLY, [
    reply.id,
    reply.userId,
    reply.content,
    reply.conversationId,
    reply.status,
    reply.model,
    usage.userId,
    usage.model,
    usage.conversationId ?? null,
    usage.inputTokens ?? 0,
    usage.outputTokens ?? 0,
    usage.totalTokens ?? 0,
    usage.cost ?? '0',
    usage.responseTime ?? null,
    usage.status ?? 'success',
    usage.errorMessage ?? null,
  ]);
  return { timestamp: new Date(row!.timestamp) };
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
