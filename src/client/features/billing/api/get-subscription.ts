import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';
import type { Subscription } from '#shared/billing/billing-schemas.ts';

/** GET /api/subscription: the caller's contract (plan 'free', status 'none' without one). */
export const subscriptionQueryOptions = queryOptions({
  queryKey: ['subscription'],
  queryFn: async () => (await getJson<Subscription>('/api/subscription'))!,
});

/** Off for guests (protected pages are shown to them too, spec 01-core §2). */
export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions, enabled });
}
