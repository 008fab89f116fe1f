import { useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { PlanListSchema } from '#shared/billing/billing-schemas.ts';

/** Which provider takes payments (GET /api/plans): the sandbox controls exist only for 'sandbox'. */
export function usePaymentProvider() {
  return useQuery({
    queryKey: ['plans'],
    queryFn: async () =>
      (await readJson(await apiRequest('GET', '/api/plans'), () => PlanListSchema))!,
    staleTime: 5 * 60_000,
    select: (list) => list.provider,
  });
}
