import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, readJson } from '#client/lib/http.ts';
import type { Page } from '#shared/api/pagination.ts';

/** Query values of a list: undefined and empty strings are left out of the URL. */
export type ListFilters = Record<string, string | number | boolean | undefined>;

function listUrl(path: string, filters: ListFilters, cursor: string | null): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A server-paged list (src/shared/api/pagination.ts): the first page, then `loadMore()` for each
 * next one, checked against the route's page schema. A change of filters starts again at page
 * one. Admin screens import their schemas directly: they are not on the first load.
 */
export function usePagedList<Item>(
  key: string,
  path: string,
  filters: ListFilters,
  schema: z.ZodType<Page<Item>>,
) {
  const query = useInfiniteQuery({
    queryKey: [key, filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const response = await apiRequest('GET', listUrl(path, filters, pageParam), undefined, {
        signal,
      });
      return (await readJson(response, () => schema)) ?? { items: [], nextCursor: null };
    },
    getNextPageParam: (page) => page.nextCursor,
  });
  return {
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    isLoading: query.isLoading,
    /** Also set when only a later page failed: the pages read before are still in `items`. */
    isError: query.isError,
    /** Only a later page failed ("Load more"). */
    isLoadMoreError: query.isFetchNextPageError,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    refetch: () => void query.refetch(),
    /** Asks again for what failed: the next page, or the pages read so far. */
    retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
  };
}
