import { usePagedList } from '#client/lib/use-paged-list.ts';
import { AdminUserPageSchema, type AdminUser } from '#shared/admin/admin-users-schemas.ts';

export interface UserFilters {
  q?: string;
  tier?: string;
  role?: string;
  status?: string;
  sort?: 'created' | 'username';
  order?: 'asc' | 'desc';
}

export const USERS_KEY = 'admin-users';

/** GET /api/admin/users: a page at a time. */
export function useUsers(filters: UserFilters) {
  return usePagedList<AdminUser>(
    USERS_KEY,
    '/api/admin/users',
    { ...filters },
    AdminUserPageSchema,
  );
}
