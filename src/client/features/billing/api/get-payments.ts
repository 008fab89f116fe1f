import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';

/** GET /api/payments: the caller's payment history, newest first. */
export const paymentsQueryOptions = queryOptions({
  queryKey: ['payments'],
  queryFn: async () =>
    (await getJson('/api/payments', (schemas) => schemas.PaymentListSchema))!.payments,
});

export function usePayments() {
  return useQuery(paymentsQueryOptions);
}
