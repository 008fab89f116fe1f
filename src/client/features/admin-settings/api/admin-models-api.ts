import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import {
  AdminModelListSchema,
  AdminModelSchema,
  type AdminModelInput,
} from '#shared/models/model-schemas.ts';

const modelsQuery = queryOptions({
  queryKey: ['admin-models'],
  queryFn: async () =>
    (await readJson(await apiRequest('GET', '/api/admin/models'), () => AdminModelListSchema))!,
});

/** GET /api/admin/models: the merged catalogue with each model's origin and provider state. */
export function useAdminModels() {
  return useQuery(modelsQuery);
}

function useRefreshModels() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: modelsQuery.queryKey });
    // The chat's model list (GET /api/models) changes with the catalogue.
    void queryClient.invalidateQueries({ queryKey: ['models'] });
  };
}

/** PUT /api/admin/models/{id}: map, change or add a model. */
export function usePutModel() {
  const refresh = useRefreshModels();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: AdminModelInput }) =>
      readJson(
        await apiRequest('PUT', `/api/admin/models/${encodeURIComponent(id)}`, input),
        () => AdminModelSchema,
      ),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/models/{id}: a built-in returns to its shipped values, an added one goes. */
export function useResetModel() {
  const refresh = useRefreshModels();
  return useMutation({
    mutationFn: async (id: string) =>
      apiRequest('DELETE', `/api/admin/models/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}
