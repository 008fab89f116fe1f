import { z } from 'zod';
import { textSchema } from '#shared/validation/database-input.ts';

import {
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_OFFSET_MAX,
  SEARCH_QUERY_MAX,
} from '#shared/search/search-limits.ts';

export { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_OFFSET_MAX, SEARCH_QUERY_MAX };

export const SEARCH_MESSAGES = {
  emptyQuery: 'Enter a search term',
  invalidCursor: 'Invalid cursor',
} as const;

/**
 * The opaque page cursor: the offset into the ranked results, base64url-encoded so clients
 * treat it as a token (ranked results have no stable keyset to seek on).
 */
export function encodeSearchCursor(offset: number): string {
  return btoa(`o:${offset}`).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');
}

export function decodeSearchCursor(cursor: string): number | null {
  try {
    const match = /^o:(\d{1,6})$/.exec(atob(cursor.replaceAll('-', '+').replaceAll('_', '/')));
    const offset = match ? Number(match[1]) : Number.NaN;
    return Number.isInteger(offset) && offset <= SEARCH_OFFSET_MAX ? offset : null;
  } catch {
    return null;
  }
}

/** GET /api/search?q=&limit=&cursor= */
export const SearchQuerySchema = z.object({
  q: textSchema({ error: SEARCH_MESSAGES.emptyQuery })
    .trim()
    .min(1, SEARCH_MESSAGES.emptyQuery)
    .max(SEARCH_QUERY_MAX, `The search text may have at most ${SEARCH_QUERY_MAX} characters`),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(SEARCH_LIMIT_MAX, `limit may be at most ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT),
  cursor: textSchema()
    .optional()
    .transform((cursor, ctx) => {
      if (cursor === undefined || cursor === '') return 0;
      const offset = decodeSearchCursor(cursor);
      if (offset === null) {
        ctx.addIssue({ code: 'custom', message: SEARCH_MESSAGES.invalidCursor });
        return z.NEVER;
      }
      return offset;
    }),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

/** A matched stretch of the snippet: [start, end) in UTF-16 code units (JavaScript string indices). */
export const HighlightRangeSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
export type HighlightRange = z.infer<typeof HighlightRangeSchema>;

/**
 * Plain text plus match ranges, never markup: the client renders the text as text and wraps the
 * ranges itself, so user or model content cannot inject HTML through a search result.
 */
export const SnippetSchema = z.object({
  text: z.string(),
  highlights: z.array(HighlightRangeSchema),
});
export type Snippet = z.infer<typeof SnippetSchema>;

export const SearchHitSchema = z.object({
  /** 'message': a message matched; 'conversation': the conversation's title matched. */
  kind: z.enum(['message', 'conversation']),
  conversationId: z.string(),
  /** As stored: null or empty means untitled (the client shows 'Neues Gespräch'). */
  conversationTitle: z.string().nullable(),
  messageId: z.number().int().nullable(),
  /** null for a title hit. */
  isUserMessage: z.boolean().nullable(),
  /** The message's timestamp, or the conversation's last update for a title hit (ISO 8601). */
  timestamp: z.string(),
  snippet: SnippetSchema,
  /** Relevance, higher first; comparable only within one query. */
  score: z.number(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResultSchema = z.object({
  results: z.array(SearchHitSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
