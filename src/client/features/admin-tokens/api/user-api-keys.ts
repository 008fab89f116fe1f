import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/http.ts';
import { usePagedList } from '#client/lib/use-paged-list.ts';
import { AdminApiKeyPageSchema, type AdminApiKey } from '#shared/api-keys/api-key-schemas.ts';

export interface KeyFilters {
  q?: string;
  status?: 'all' | 'active' | 'revoked' | 'expired';
}

const KEY = 'admin-api-keys';

/** GET /api/admin/api-keys: every user's keys, newest first. */
export function useAllApiKeys(filters: KeyFilters) {
  return usePagedList<AdminApiKey>(
    KEY,
    '/api/admin/api-keys',
    { ...filters },
    AdminApiKeyPageSchema,
  );
}

/** POST /api/admin/api-keys/:id/revoke (audited). */
export function useRevokeAnyApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (id: number) => {
      await apiRequest('POST', `/api/admin/api-keys/${id}/revoke`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}
