import type { Database } from '#server/db/client.ts';
import { prepareStatement, runPrepared } from '#server/db/prepared.ts';
import {
  STATE_COLUMNS,
  STATE_SOURCES,
  stateParams,
  toTurnState,
  type TurnState,
  type TurnStateInput,
  type TurnStateRow,
} from './turn-state.queries.ts';
import { MONTHLY_ALLOWANCE, usedThisMonth } from './usage.queries.ts';

/** How long an Idempotency-Key of POST /api/chat holds (issue 15 item 9). */
export const KEY_TTL = '24 hours';

/** No key was given ($14), or it is new: a retry's key was taken by its first request. */
const KEY_NEW = `($14::text is null or exists (select 1 from ik))`;

/** The user owns conversation $7 (or it is new, $9). */
const MAY_WRITE = `($9::boolean or exists (
       select 1 from conversations o where o.conversation_id = $7 and o.user_id = $1))`;

/**
 * A plain message: the turn's reads, the free allowance's count and the user message's insert in
 * one statement, so the provider is called sooner (docs/decisions/041-chat-hot-path.md). The
 * reads see the database as it was before the writes. $9 new conversation (created with the
 * title $10), $11 the text, $12 whether the plan counts messages, $13 the month (YYYY-MM), $14
 * the request's Idempotency-Key (null: none) and $15 its body's hash. The message is written only
 * into a new conversation or one of the user's, only when the allowance (if counted) had room,
 * and only when the key is new (or expired, KEY_TTL): a retry stores nothing twice, without a
 * round trip of its own (docs/decisions/066). The reply's id is reserved with it. The persona
 * and recency are written once the checks have passed (recordTurn).
 */
const SEND_TURN = prepareStatement<TurnStateRow & SendTurnRow>(
  'chat_send_turn',
  `with ik as (
     insert into chat_idempotency_keys (user_id, key, request_hash, conversation_id)
     select $1, $14, $15, $7 where $14::text is not null
     on conflict (user_id, key) do update
     set request_hash = excluded.request_hash, conversation_id = excluded.conversation_id,
         started = null, outcome = null, created_at = now()
     where chat_idempotency_keys.created_at < now() - interval '${KEY_TTL}'
     returning 1
   ),
   qa as (
     update users
     set quota_used = ${usedThisMonth('$13')} + 1, quota_period = $13
     where $12::boolean and id = $1 and ${usedThisMonth('$13')} < ${MONTHLY_ALLOWANCE}
       and ${MAY_WRITE} and ${KEY_NEW}
     returning id
   ),
   nc as (
     insert into conversations (conversation_id, user_id, title)
     select $7, $1, $10
     where $9::boolean and (not $12::boolean or exists (select 1 from qa)) and ${KEY_NEW}
   ),
   um as (
     insert into messages (user_id, content, is_user_message, conversation_id)
     select $1, $11, true, $7
     where ${MAY_WRITE} and (not $12::boolean or exists (select 1 from qa)) and ${KEY_NEW}
     returning id
   )
   select ${STATE_COLUMNS}, um.id as "userMessageId",
          case when um.id is null then null
               else nextval(pg_get_serial_sequence('messages', 'id'))::int end as "replyId",
          exists (select 1 from ik) as "keyClaimed"
   ${STATE_SOURCES}
   left join um on true`,
);

interface SendTurnRow {
  userMessageId: number | null;
  replyId: number | null;
  keyClaimed: boolean;
}

/**
 * Reads the turn state and stores the user message of a plain send (see SEND_TURN). `stored` is
 * undefined when nothing was written: the conversation is not the user's, or the allowance had
 * no room.
 */
export async function storeSendTurn(
  db: Database,
  input: TurnStateInput & {
    conversationId: string;
    isNew: boolean;
    title: string | null;
    content: string;
    /** The month (YYYY-MM) whose allowance counts the message; undefined: not counted. */
    countIn: string | undefined;
    idempotency: { key: string; requestHash: string } | undefined;
  },
): Promise<
  TurnState & {
    stored: { userMessageId: number; replyId: number } | undefined;
    /** The Idempotency-Key is this request's (false: an earlier request holds it). */
    keyClaimed: boolean;
  }
> {
  const [row] = await runPrepared(db, SEND_TURN, [
    ...stateParams(input, input.conversationId),
    input.isNew,
    input.title,
    input.content,
    input.countIn !== undefined,
    input.countIn ?? '',
    input.idempotency?.key ?? null,
    input.idempotency?.requestHash ?? null,
  ]);
  if (!row) throw new Error('The send turn query returned no row');
  return {
    ...toTurnState(row),
    stored:
      row.userMessageId === null || row.replyId === null
        ? undefined
        : { userMessageId: row.userMessageId, replyId: row.replyId },
    keyClaimed: row.keyClaimed,
  };
}
