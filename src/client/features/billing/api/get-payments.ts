import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';
import type { PaymentList } from '#shared/billing/billing-schemas.ts';

/** GET /api/payments: the caller's payment history, newest first. */
export const paymentsQueryOptions = queryOptions({
  queryKey: ['payments'],
  queryFn: async () => (await getJson<PaymentList>('/api/payments'))!.payments,
});

export function usePayments() {
  return useQuery(paymentsQueryOptions);
}
