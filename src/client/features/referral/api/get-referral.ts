import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';

/** GET /api/referral: own code, share link and statistics (issue 11 item 4). */
export const referralQueryOptions = queryOptions({
  queryKey: ['referral'],
  queryFn: async () => (await getJson('/api/referral', (s) => s.ReferralSchema))!,
});

export function useReferral(enabled = true) {
  return useQuery({ ...referralQueryOptions, enabled });
}
