import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';
import type { PlanList } from '#shared/billing/billing-schemas.ts';

/** GET /api/plans (public): prices in VAT-inclusive cents, held only on the server (decision 080). */
export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: async () => (await getJson<PlanList>('/api/plans'))!,
  staleTime: 5 * 60_000,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
