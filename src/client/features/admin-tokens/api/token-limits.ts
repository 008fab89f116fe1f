import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '#client/lib/http.ts';
import { TokenLimitListSchema, type TokenLimit } from '#shared/admin-tokens/token-admin-schemas.ts';

const KEY = ['admin-token-limits'];

export function useTokenLimits() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await getJson('/api/admin/token-limits', () => TokenLimitListSchema))!,
  });
}

/** PUT /api/admin/token-limits: applies to the next chat or API request. */
export function useSaveTokenLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (limits: TokenLimit[]) =>
      (await readJson(
        await apiRequest('PUT', '/api/admin/token-limits', { limits }),
        () => TokenLimitListSchema,
      ))!,
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
