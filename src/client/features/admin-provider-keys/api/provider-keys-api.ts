import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import {
  ProviderKeyListSchema,
  ProviderKeyStatusSchema,
  type ProviderKeyId,
  type ProviderKeyUpdate,
} from '#shared/admin/provider-keys.ts';

const keysQuery = queryOptions({
  queryKey: ['admin-provider-keys'],
  queryFn: async () =>
    (await readJson(
      await apiRequest('GET', '/api/admin/provider-keys'),
      () => ProviderKeyListSchema,
    ))!,
});

/** GET /api/admin/provider-keys: configured or not, source, at most the last four characters. */
export function useProviderKeys() {
  return useQuery(keysQuery);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keysQuery.queryKey });
    // Which models can answer depends on the keys.
    void queryClient.invalidateQueries({ queryKey: ['models'] });
    void queryClient.invalidateQueries({ queryKey: ['admin-models'] });
  };
}

/** PUT /api/admin/provider-keys/{provider}: omitted fields stay, null removes ours. */
export function useUpdateProviderKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      provider,
      change,
    }: {
      provider: ProviderKeyId;
      change: ProviderKeyUpdate;
    }) =>
      readJson(
        await apiRequest('PUT', `/api/admin/provider-keys/${provider}`, change),
        () => ProviderKeyStatusSchema,
      ),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/provider-keys/{provider}: back to the environment's key and endpoint. */
export function useRemoveProviderKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (provider: ProviderKeyId) =>
      apiRequest('DELETE', `/api/admin/provider-keys/${provider}`),
    onSuccess: refresh,
  });
}
