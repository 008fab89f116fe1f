import { useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { PerformanceSchema } from '#shared/admin/performance-schemas.ts';

/** How often the screen asks again while it is open. */
export const REFRESH_MS = 10_000;

/** GET /api/admin/performance: the instance that answers, over the last minutes. */
export function usePerformance() {
  return useQuery({
    queryKey: ['admin-performance'],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/api/admin/performance', undefined, { signal });
      return (await readJson(response, () => PerformanceSchema))!;
    },
    refetchInterval: REFRESH_MS,
  });
}
