import type { Database } from '#server/db/client.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import {
  findActivePredefinedAnswers,
  type PredefinedAnswerRow,
} from './predefined-answers.queries.ts';

/**
 * Keyword answers served without calling a model (spec 02 §3): read by the chat, edited in the
 * admin area, whose "try a message" box runs this same matcher. Changes reach the chat of this
 * instance at once (forgetPredefinedAnswers) and of every other within this time.
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<Database, { rows: Promise<PredefinedAnswerRow[]>; at: number }>();

/** The active answers, read at most every CACHE_MS: the table is small and rarely changes. */
export function loadPredefinedAnswers(db: Database, now = Date.now()) {
  const entry = cache.get(db);
  if (entry && now - entry.at < CACHE_MS) return entry.rows;
  const rows = findActivePredefinedAnswers(db);
  cache.set(db, { rows, at: now });
  rows.catch(() => {
    if (cache.get(db)?.rows === rows) cache.delete(db);
  });
  return rows;
}

/** An administrator changed the table: this instance reads it again on the next message. */
export function forgetPredefinedAnswers(db: Database) {
  cache.delete(db);
}

const ANSWER_FIELD = {
  de: 'answerDe',
  zh: 'answerZh',
  mk: 'answerMk',
  sq: 'answerSq',
  ko: 'answerKo',
} as const satisfies Record<Exclude<Language, 'en'>, keyof PredefinedAnswerRow>;

function matches(row: PredefinedAnswerRow, text: string) {
  const keyword = row.caseSensitive ? row.keyword.trim() : row.keyword.trim().toLowerCase();
  if (keyword === '') return false;
  const message = row.caseSensitive ? text.trim() : text.trim().toLowerCase();
  return row.exactMatch ? message === keyword : message.includes(keyword);
}

/**
 * The answer of the first active entry that matches, in the order given (priority, highest
 * first; spec 02 §3): exact match compares the whole trimmed message, otherwise the keyword may
 * appear anywhere; case is ignored unless the entry is case-sensitive. The answer is in the
 * user's language when translated, else the base answer.
 */
export function matchPredefinedAnswer(
  rows: readonly PredefinedAnswerRow[],
  text: string,
  language: Language,
): string | undefined {
  const row = findPredefinedMatch(rows, text);
  return row ? answerIn(row, language) : undefined;
}

/** The entry the chat would answer `text` with, if any. */
export function findPredefinedMatch(rows: readonly PredefinedAnswerRow[], text: string) {
  return rows.find((candidate) => candidate.isActive && matches(candidate, text));
}

/** The entry's answer in `language` when translated, else the base answer. */
export function answerIn(row: PredefinedAnswerRow, language: Language): string {
  if (language === 'en') return row.answer;
  return row[ANSWER_FIELD[language]] ?? row.answer;
}
