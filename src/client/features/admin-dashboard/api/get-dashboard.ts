import { useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';

/** GET /api/admin/dashboard, read again every minute while the screen is open. */
export function useDashboard() {
  return useQuery({
    queryKey: ['admin-dashboard'],
    queryFn: async ({ signal }) =>
      (await readJson(
        await apiRequest('GET', '/api/admin/dashboard', undefined, { signal }),
        (s) => s.DashboardSchema,
      ))!,
    staleTime: 0,
    refetchInterval: 60_000,
  });
}
