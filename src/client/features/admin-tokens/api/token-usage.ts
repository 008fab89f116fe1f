import { useInfiniteQuery } from '@tanstack/react-query';
import { apiUrl } from '#client/lib/api-base.ts';
import { apiRequest, readJson } from '#client/lib/http.ts';
import {
  TokenUsageReportSchema,
  type TokenUsageQueryInput,
  type TokenUsageReport,
} from '#shared/admin-tokens/token-admin-schemas.ts';

export type UsageFilters = Omit<TokenUsageQueryInput, 'cursor' | 'limit'>;

function search(filters: UsageFilters, cursor?: string | null) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** GET /api/admin/token-usage: the first page with the totals, then `loadMore()`. */
export function useTokenUsage(filters: UsageFilters) {
  const query = useInfiniteQuery({
    queryKey: ['admin-token-usage', filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const url = `/api/admin/token-usage?${search(filters, pageParam)}`;
      const response = await apiRequest('GET', url, undefined, { signal });
      return (await readJson(response, () => TokenUsageReportSchema)) as TokenUsageReport;
    },
    getNextPageParam: (page) => page.nextCursor,
  });
  const pages = query.data?.pages ?? [];
  return {
    report: pages[0],
    items: pages.flatMap((page) => page.items),
    isLoading: query.isLoading,
    isError: query.isError,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    refetch: () => void query.refetch(),
  };
}

/** The CSV of the same filters: a plain link, the browser downloads it with the session cookie. */
export function usageCsvUrl(filters: UsageFilters) {
  return apiUrl(`/api/admin/token-usage.csv?${search(filters)}`);
}
