import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';

/** GET /api/plans (public): prices in VAT-inclusive cents, held only on the server (decision 080). */
export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: async () => (await getJson('/api/plans', (schemas) => schemas.PlanListSchema))!,
  staleTime: 5 * 60_000,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
