import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import { getJson } from '#client/lib/http.ts';

/** GET /api/subscription: the caller's contract (plan 'free', status 'none' without one). */
export const subscriptionQueryOptions = queryOptions({
  queryKey: ['subscription'],
  queryFn: async () =>
    (await getJson('/api/subscription', (schemas) => schemas.SubscriptionSchema))!,
});

/** Read again this often while a payment is being confirmed. */
const CONFIRMING_POLL_MS = 2000;

/**
 * Off for guests (protected pages are shown to them too, spec 01-core §2). With
 * `pollUntilActive`, read again every two seconds until the contract is active.
 */
export function useSubscription(enabled = true, pollUntilActive = false) {
  return useQuery({
    ...subscriptionQueryOptions,
    enabled,
    refetchInterval: (query) =>
      pollUntilActive && query.state.data?.status !== 'active' ? CONFIRMING_POLL_MS : false,
  });
}

/** The entitlement changed: the user (plan label), the contract and the history are read again. */
export function refreshBilling(queryClient: QueryClient) {
  return Promise.all(
    [userQueryOptions.queryKey, subscriptionQueryOptions.queryKey, ['payments']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
