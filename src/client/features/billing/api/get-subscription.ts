import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import { getJson } from '#client/lib/http.ts';

/** GET /api/subscription: the caller's contract (plan 'free', status 'none' without one). */
export const subscriptionQueryOptions = queryOptions({
  queryKey: ['subscription'],
  queryFn: async () =>
    (await getJson('/api/subscription', (schemas) => schemas.SubscriptionSchema))!,
});

/** Off for guests (protected pages are shown to them too, spec 01-core §2). */
export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions, enabled });
}

/** The entitlement changed: the user (plan label), the contract and the history are read again. */
export function refreshBilling(queryClient: QueryClient) {
  return Promise.all(
    [userQueryOptions.queryKey, subscriptionQueryOptions.queryKey, ['payments']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
