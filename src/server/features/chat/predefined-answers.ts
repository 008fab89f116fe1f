import type { Database } from '#server/db/client.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import { findActivePredefinedAnswers, type PredefinedAnswerRow } from './chat.queries.ts';

/** Changes to ai_predefined_answers reach the chat within this time. */
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
  const row = rows.find((candidate) => candidate.isActive && matches(candidate, text));
  if (!row) return undefined;
  if (language === 'en') return row.answer;
  return row[ANSWER_FIELD[language]] ?? row.answer;
}
