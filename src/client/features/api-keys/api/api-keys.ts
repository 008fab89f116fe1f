import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '#client/lib/http.ts';
import type { CreateApiKeyRequest } from '#shared/api-keys/api-key-schemas.ts';

/** GET /api/api-keys: the user's keys (prefixes only). */
export const apiKeysQueryOptions = queryOptions({
  queryKey: ['api-keys'],
  queryFn: async () => (await getJson('/api/api-keys', (s) => s.ApiKeyListSchema))?.keys ?? [],
});

export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeysQueryOptions, enabled });
}

/** POST /api/api-keys: resolves with the key, which is never shown again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (input: CreateApiKeyRequest) =>
      (await readJson(
        await apiRequest('POST', '/api/api-keys', input),
        (s) => s.CreatedApiKeySchema,
      ))!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions.queryKey }),
  });
}

/** DELETE /api/api-keys/:id. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/api-keys/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions.queryKey }),
  });
}
