import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';

/**
 * GET /api/app-config: whether registration is open and the product is being maintained. Read
 * by the shell (maintenance banner) and the register form; looked at again every minute, so a
 * change an administrator makes shows without a reload.
 */
export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => getJson('/api/app-config', (s) => s.AppConfigSchema),
  staleTime: 30_000,
  refetchInterval: 60_000,
  retry: false,
});

export function useAppConfig() {
  return useQuery(appConfigQueryOptions).data ?? null;
}
