import type { TokenBudget } from '#server/ai/token-budget.ts';
import type { Database } from '#server/db/client.ts';
import { prepareStatement, runPrepared } from '#server/db/prepared.ts';
import type { PersonaRow } from './chat.queries.ts';

export interface TurnState {
  settings:
    | {
        language: string;
        responseLength: string;
        aiModel: string | null;
        defaultPersona: number | null;
      }
    | undefined;
  /** Present when the conversation exists and is the user's. */
  conversation: { personaId: number | null } | undefined;
  /** The tier's token_limits row with the user's tokens this month and today. */
  budget: TokenBudget | undefined;
  /** The history window, oldest first. */
  history: { id: number; content: string; isUserMessage: boolean }[];
  /**
   * The personas the active-persona order may pick (spec 01-core §4): the requested ones, the
   * conversation's, the default from settings, the built-in flagged default, the first built-in.
   */
  personas: PersonaRow[];
}

export interface TurnStateRow {
  language: string | null;
  responseLength: string;
  aiModel: string | null;
  defaultPersona: number | null;
  conversationFound: boolean;
  conversationPersonaId: number | null;
  monthlyTokens: number | null;
  dailyTokens: number;
  maxRequestSize: number;
  gpt5Access: boolean;
  claude4Access: boolean;
  monthUsed: string | number;
  dayUsed: string | number;
  history: TurnState['history'];
  personas: PersonaRow[];
}

export interface TurnStateInput {
  userId: number;
  tier: string;
  /** An existing conversation (its ownership is checked here); undefined for a new one. */
  conversationId: string | undefined;
  historyLimit: number;
  /** Edit and regenerate: the history ends before this message. */
  historyBeforeId: number | undefined;
  personaIds: number[];
  monthStart: Date;
  dayStart: Date;
}

/** The user's tokens since the UTC day of timestamp `param` (token_usage_daily, migration 0004). */
const usedSince = (param: string) =>
  `(select coalesce(sum(d.total_tokens), 0) from token_usage_daily d
    where d.user_id = $1 and d.day >= (${param}::timestamptz at time zone 'UTC')::date)`;

/**
 * The history is read by conversation alone (c is the user's, see STATE_SOURCES), so that
 * messages_conversation_time_idx serves it, newest first, stopping at the window. With a user_id
 * filter beside it, a planner without statistics chose messages_user_idx and read every message
 * the user ever wrote.
 *
 * Everything a turn reads: settings, the conversation's ownership and persona, the token budget,
 * the history window and the candidate personas, in one statement. $1 user, $2 month start,
 * $3 day start, $4 history end (edit, regenerate), $5 history size, $6 requested personas,
 * $7 conversation, $8 tier.
 */
export const STATE_COLUMNS = `s.language, s.response_length as "responseLength", s.ai_model as "aiModel",
          s.default_persona as "defaultPersona",
          c.id is not null as "conversationFound", c.persona_id as "conversationPersonaId",
          l.monthly_tokens as "monthlyTokens", l.daily_tokens as "dailyTokens",
          l.max_request_size as "maxRequestSize", l.gpt5_access as "gpt5Access",
          l.claude4_access as "claude4Access",
          case when l.id is null then 0 else ${usedSince('$2')} end as "monthUsed",
          case when l.id is null then 0 else ${usedSince('$3')} end as "dayUsed",
          (select coalesce(json_agg(h order by h.timestamp, h.id), '[]') from (
             select m.id, m.content, m.is_user_message as "isUserMessage", m.timestamp
             from messages m
             where c.id is not null and m.conversation_id = c.conversation_id
               and ($4::int is null or (m.timestamp, m.id) <
                    (select b.timestamp, b.id from messages b where b.id = $4::int))
             order by m.timestamp desc, m.id desc
             limit $5) h) as history,
          (select coalesce(json_agg(json_build_object(
             'id', p.id, 'userId', p.user_id, 'isDefault', p.is_default,
             'systemPrompt', p.system_prompt, 'systemPromptDe', p.system_prompt_de,
             'systemPromptZh', p.system_prompt_zh, 'systemPromptMk', p.system_prompt_mk,
             'systemPromptSq', p.system_prompt_sq, 'systemPromptKo', p.system_prompt_ko)), '[]')
           from personas p
           where p.id = any($6::int[]) or p.id = c.persona_id
              or p.id = s.default_persona or (p.user_id is null and p.is_default)
              or p.id = (select min(f.id) from personas f where f.user_id is null)) as personas`;

export const STATE_SOURCES = `from (select 1) as one
   left join settings s on s.user_id = $1
   left join conversations c on c.conversation_id = $7 and c.user_id = $1
   left join token_limits l on l.tier = $8`;

/**
 * Edit and regenerate read first and write after their checks (an edit's truncation cannot be
 * undone). On the hot path every round trip costs (doubly so on the embedded database), so this
 * replaces five queries, prepared once.
 */
const TURN_STATE = prepareStatement<TurnStateRow>(
  'chat_turn_state',
  `select ${STATE_COLUMNS} ${STATE_SOURCES}`,
);

export const stateParams = (input: TurnStateInput, conversationId: string | null) => [
  input.userId,
  input.monthStart.toISOString(),
  input.dayStart.toISOString(),
  input.historyBeforeId ?? null,
  input.historyLimit,
  input.personaIds.map((id) => Math.trunc(id)),
  conversationId,
  input.tier,
];

export async function findTurnState(db: Database, input: TurnStateInput): Promise<TurnState> {
  const [row] = await runPrepared(db, TURN_STATE, stateParams(input, input.conversationId ?? null));
  if (!row) throw new Error('The turn state query returned no row');
  return toTurnState(row);
}

export function toTurnState(row: TurnStateRow): TurnState {
  return {
    settings:
      row.language === null
        ? undefined
        : {
            language: row.language,
            responseLength: row.responseLength,
            aiModel: row.aiModel,
            defaultPersona: row.defaultPersona,
          },
    conversation: row.conversationFound ? { personaId: row.conversationPersonaId } : undefined,
    budget:
      row.monthlyTokens === null
        ? undefined
        : {
            monthlyTokens: row.monthlyTokens,
            dailyTokens: row.dailyTokens,
            maxRequestSize: row.maxRequestSize,
            gpt5Access: row.gpt5Access,
            claude4Access: row.claude4Access,
            monthUsed: Number(row.monthUsed),
            dayUsed: Number(row.dayUsed),
          },
    history: row.history.map(({ id, content, isUserMessage }) => ({ id, content, isUserMessage })),
    personas: row.personas,
  };
}
