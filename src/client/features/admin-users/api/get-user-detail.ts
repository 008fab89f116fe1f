import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { AdminUserDetailSchema } from '#shared/admin/admin-users-schemas.ts';

export const userDetailOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin-user', id],
    queryFn: async ({ signal }) =>
      (await readJson(
        await apiRequest('GET', `/api/admin/users/${id}`, undefined, { signal }),
        () => AdminUserDetailSchema,
      ))!,
    staleTime: 0,
  });

/** GET /api/admin/users/{id}: profile, sessions, usage, subscription, payments. */
export function useUserDetail(id: number) {
  return useQuery(userDetailOptions(id));
}
