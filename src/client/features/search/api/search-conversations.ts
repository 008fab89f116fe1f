import { infiniteQueryOptions } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';

/** Results per request (the server allows up to 50). */
export const SEARCH_PAGE_SIZE = 20;

/**
 * GET /api/search?q=: ranked hits across all of the user's conversations, with highlighted
 * snippets as plain text plus ranges (docs/decisions/011-search.md); paged by an opaque cursor.
 */
export const searchQueryOptions = (userId: number | null, query: string) =>
  infiniteQueryOptions({
    queryKey: ['search', userId, query],
    queryFn: async ({ pageParam, signal }) => {
      const search = new URLSearchParams({ q: query, limit: String(SEARCH_PAGE_SIZE) });
      if (pageParam) search.set('cursor', pageParam);
      const result = await getJson(
        `/api/search?${search.toString()}`,
        (s) => s.SearchResultSchema,
        {
          signal,
        },
      );
      return result ?? { results: [], nextCursor: null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: userId !== null && query.trim() !== '',
    staleTime: 30_000,
  });
