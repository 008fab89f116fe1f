import type { Executor } from '#server/db/client.ts';
import {
  encodeSearchCursor,
  SEARCH_OFFSET_MAX,
  type SearchQuery,
  type SearchResult,
} from '#shared/search/search-schemas.ts';
import { buildSnippet, parseSearchTerms } from '#shared/search/search-snippet.ts';
import { searchUserContent } from './search.queries.ts';

/**
 * Ranked search over the user's own messages and conversation titles (issue #3 "Search").
 * A query with no positive word (only `-exclusions` or quotes) finds nothing rather than
 * "everything except …".
 */
export async function searchConversations(
  db: Executor,
  userId: number,
  { q, limit, cursor: offset }: SearchQuery,
): Promise<SearchResult> {
  const terms = parseSearchTerms(q);
  if (terms.terms.length === 0) return { results: [], nextCursor: null };

  // One row more than asked tells whether another page exists.
  const rows = await searchUserContent(db, {
    ...terms,
    userId,
    query: q,
    limit: limit + 1,
    offset,
  });
  const page = rows.slice(0, limit);
  const nextOffset = offset + limit;
  const hasMore = rows.length > limit && nextOffset <= SEARCH_OFFSET_MAX;

  return {
    results: page.map((row) => ({
      kind: row.kind,
      conversationId: row.conversationId,
      conversationTitle: row.title,
      messageId: row.messageId,
      isUserMessage: row.isUserMessage,
      timestamp: row.timestamp.toISOString(),
      snippet: buildSnippet(row.text, terms),
      score: row.score,
    })),
    nextCursor: hasMore ? encodeSearchCursor(nextOffset) : null,
  };
}
