import { usePagedList } from '#client/lib/use-paged-list.ts';
import { ClientErrorPageSchema, type ClientErrorEntry } from '#shared/admin/logs-schemas.ts';

export interface ClientErrorFilters {
  from?: string;
  to?: string;
  route?: string;
  userId?: string;
}

/** GET /api/admin/logs/client-errors: the web app's error reports, newest first. */
export function useClientErrors(filters: ClientErrorFilters) {
  return usePagedList<ClientErrorEntry>(
    'admin-client-errors',
    '/api/admin/logs/client-errors',
    { ...filters },
    ClientErrorPageSchema,
  );
}
