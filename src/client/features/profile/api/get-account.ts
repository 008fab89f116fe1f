import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';

/** GET /api/user/account: one's own username, display name and email. */
export const accountQueryOptions = queryOptions({
  queryKey: ['account'],
  queryFn: async () => (await getJson('/api/user/account', (s) => s.AccountSchema))!,
});

export function useAccount(enabled = true) {
  return useQuery({ ...accountQueryOptions, enabled });
}
