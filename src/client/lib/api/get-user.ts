import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';
import { doublingDelay } from '#client/lib/query-client.ts';

/**
 * GET /api/user (spec 01-core §7): a 401 means logged out (null); fresh for 30 s, three retries
 * with backoff from 1 s to 10 s, refetched on focus and mount.
 */
export const userQueryOptions = queryOptions({
  queryKey: ['user'],
  queryFn: () => getJson('/api/user', (s) => s.PublicUserSchema, { on401: 'returnNull' }),
  staleTime: 30_000,
  retry: 3,
  retryDelay: doublingDelay(10_000),
  refetchOnWindowFocus: true,
  refetchOnMount: true,
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { ...query, user: query.data ?? null };
}
