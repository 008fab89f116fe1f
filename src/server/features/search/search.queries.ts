import { and, eq, isNotNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '#server/db/client.ts';
import type { SearchTerms } from '#shared/search/search-snippet.ts';
import { spellingVariants } from '#shared/search/spelling-variants.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';

export interface SearchParams extends SearchTerms {
  userId: number;
  /** The query as typed (trimmed); full text reads it with websearch syntax. */
  query: string;
  limit: number;
  offset: number;
}

/** Queries shorter than this skip fuzzy (trigram word similarity) matching: too few trigrams. */
const FUZZY_MIN_LENGTH = 4;
/** Characters per trigram: shorter words cannot be looked up in a trigram index. */
const TRIGRAM = 3;
/** Title hits outrank message hits of the same strength: a title names the whole conversation. */
const TITLE_BOOST = 0.5;
/**
 * Only the newest this many matching messages are ranked: a word in every message would
 * otherwise be scored in all of them, and search slows as the history grows (the soak, decision
 * 011). Twice the depth paging reaches (SEARCH_OFFSET_MAX).
 */
export const RANKED_MESSAGES = 2000;

/** LIKE treats % _ and \ specially; the user's text must match literally. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The text as a substring, in any of its spellings (ß or ss). */
const contains = (column: AnyPgColumn, text: string) =>
  or(
    ...spellingVariants(text).map(
      (variant) => sql`${column} ilike ${`%${escapeLike(variant)}%`} escape '\\'`,
    ),
  )!;

/**
 * Match and score of one text column (docs/decisions/011-search.md). Signals, each backed by an
 * index of migration 0002:
 * - full text (`simple` configuration: no stemming, any language; GIN on to_tsvector) for whole
 *   words, with websearch syntax ("phrase", OR);
 * - substring (ILIKE on every word, trigram GIN) for parts of words: German compounds
 *   ("versicherung" finds "Krankenversicherung"), prefixes, and Chinese/Japanese text, which has
 *   no spaces and so is one full-text token per run; in every spelling of ß and ss;
 * - trigram word similarity (`<%`, trigram GIN) for small typos.
 * A word under three characters has no trigrams, so no index can narrow the rows and they are
 * scanned: then only the cheap substring test filters (every whole-word match is a substring
 * match too; OR queries excepted), sparing a to_tsvector and a similarity per message. Otherwise
 * all three filter together, which the planner runs as one BitmapOr over the indexes: it prices
 * to_tsvector per row high and so never prefers a scan, which it would for `<%` alone (17 s
 * instead of 50 ms over 100k messages in bench/search.ts). That is why matching keeps the
 * expression even where a stored document exists: `content_tsv @@ q` looks cheap per row, and the
 * planner then scans all messages computing `<%` (2 s instead of 0.23 s for a common word).
 * Score: full-text rank (whole words, normalised to 0..1) weighs most, then a hit of the whole
 * phrase, then all words as substrings, else the typo similarity. The rank reads `rankDocument`:
 * messages.content_tsv (migration 0003), so ranking a common word's thousands of hits parses no
 * message again.
 */
function textSearch(column: AnyPgColumn, rankDocument: SQL | AnyPgColumn, params: SearchParams) {
  const { query, phrase, terms, excluded, hasOr } = params;
  const tsquery = sql`websearch_to_tsquery('simple', ${query})`;
  // Exactly the indexed expression (messages_content_fts_idx), or the index goes unused.
  const fullText = sql`to_tsvector('simple', ${column}) @@ ${tsquery}`;
  const allTerms =
    terms.length === 0 ? sql`false` : and(...terms.map((term) => contains(column, term)))!;
  const indexable = terms
    .flatMap(spellingVariants)
    .every((term) => Array.from(term).length >= TRIGRAM);
  const fuzzy = query.length >= FUZZY_MIN_LENGTH ? sql`${query} <% ${column}` : sql`false`;
  const positive = indexable
    ? // Cheapest first: a row passing ILIKE skips the other two in the recheck.
      or(allTerms, fullText, fuzzy)!
    : hasOr
      ? or(allTerms, fullText)!
      : allTerms;
  const match =
    excluded.length === 0
      ? positive
      : and(positive, not(or(...excluded.map((word) => contains(column, word)))!))!;
  const score = sql`(
    2 * ts_rank_cd(${rankDocument}, ${tsquery}, 32)
    + case when ${contains(column, phrase)} then 0.6 else 0 end
    + case when ${allTerms} then 0.3 else 0.5 * word_similarity(${query}, ${column}) end
  )::float8`;
  return { match, score };
}

export interface SearchRow {
  kind: 'message' | 'conversation';
  messageId: number | null;
  conversationId: string;
  title: string | null;
  isUserMessage: boolean | null;
  timestamp: Date;
  text: string;
  score: number;
}

/**
 * One page of the user's hits, best first (ties: newest first), among the newest RANKED_MESSAGES
 * matching messages and every matching title. Only rows of `userId` are ever read: messages and
 * conversations are both filtered by owner.
 */
export async function searchUserContent(db: Executor, params: SearchParams): Promise<SearchRow[]> {
  const rows = await searchQuery(db, params);
  return rows.map((row) => ({ ...row, timestamp: new Date(row.timestamp) }));
}

/** The search statement itself (benchmarks print its plan). */
export function searchQuery(db: Executor, params: SearchParams) {
  const inMessages = textSearch(messages.content, messages.contentTsv, params);
  // Titles are few (one per conversation) and short: parsing the matching ones costs little.
  const inTitles = textSearch(
    conversations.title,
    sql`to_tsvector('simple', ${conversations.title})`,
    params,
  );

  // Matching is cheap per row (indexes); scoring is not: cut the matches first, newest kept.
  const newestMatches = db
    .select({ id: sql<number>`${messages.id}`.as('candidate_id') })
    .from(messages)
    .where(and(eq(messages.userId, params.userId), inMessages.match))
    // `+ 0`: not the primary key's order, or the planner walks it newest first and runs the
    // whole match on every message until it has enough (seconds instead of milliseconds).
    .orderBy(sql`${messages.id} + 0 desc`)
    .limit(RANKED_MESSAGES)
    .as('newest_matches');

  const messageHits = db
    .select({
      kind: sql<'message' | 'conversation'>`'message'`.as('kind'),
      messageId: sql<number | null>`${messages.id}`.as('message_id'),
      conversationId: sql<string>`${messages.conversationId}`.as('hit_conversation_id'),
      title: sql<string | null>`${conversations.title}`.as('hit_title'),
      isUserMessage: sql<boolean | null>`${messages.isUserMessage}`.as('is_user'),
      timestamp: sql<Date>`${messages.timestamp}`.as('hit_time'),
      text: sql<string>`${messages.content}`.as('hit_text'),
      score: sql<number>`${inMessages.score}`.as('score'),
    })
    .from(newestMatches)
    .innerJoin(messages, eq(messages.id, newestMatches.id))
    .innerJoin(conversations, eq(conversations.conversationId, messages.conversationId))
    .where(and(eq(messages.userId, params.userId), eq(conversations.userId, params.userId)));

  const titleHits = db
    .select({
      kind: sql<'message' | 'conversation'>`'conversation'`.as('kind'),
      messageId: sql<number | null>`null::integer`.as('message_id'),
      conversationId: sql<string>`${conversations.conversationId}`.as('hit_conversation_id'),
      title: sql<string | null>`${conversations.title}`.as('hit_title'),
      isUserMessage: sql<boolean | null>`null::boolean`.as('is_user'),
      timestamp: sql<Date>`${conversations.updatedAt}`.as('hit_time'),
      text: sql<string>`${conversations.title}`.as('hit_text'),
      score: sql<number>`(${inTitles.score} + ${TITLE_BOOST})::float8`.as('score'),
    })
    .from(conversations)
    .where(
      and(eq(conversations.userId, params.userId), isNotNull(conversations.title), inTitles.match),
    );

  return messageHits
    .unionAll(titleHits)
    .orderBy(sql`score desc`, sql`hit_time desc`, sql`message_id desc nulls first`)
    .limit(params.limit)
    .offset(params.offset);
}
