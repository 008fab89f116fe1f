import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';
import type { Subscription } from '#shared/billing/billing-schemas.ts';

/** GET /api/subscription: the caller's contract (plan 'free', status 'none' without one). */
export const subscriptionQueryOptions = queryOptions({
  queryKey: ['subscription'],
  queryFn: async () => (await getJson<Subscription>('/api/subscription'))!,
});

export function useSubscription() {
  return useQuery(subscriptionQueryOptions);
}
