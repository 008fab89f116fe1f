import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import type { CreatePersonaInput, UpdatePersonaInput } from '#shared/personas/persona-schemas.ts';

/** After any change every persona list (screen, pickers, settings) is refreshed. */
function useRefreshPersonas() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['personas'] });
}

/** POST /api/personas (subscribers only, spec 01-core §6). */
export function useCreatePersona() {
  const refresh = useRefreshPersonas();
  return useMutation({
    retry: false,
    mutationFn: async (input: CreatePersonaInput) =>
      (await readJson(await apiRequest('POST', '/api/personas', input), (s) => s.PersonaSchema))!,
    onSuccess: refresh,
  });
}

/** PATCH /api/personas/:id, a full edit or translation-only (spec 01-core §2). */
export function useUpdatePersona() {
  const refresh = useRefreshPersonas();
  return useMutation({
    retry: false,
    mutationFn: async ({ id, input }: { id: number; input: UpdatePersonaInput }) =>
      (await readJson(
        await apiRequest('PATCH', `/api/personas/${id}`, input),
        (s) => s.PersonaSchema,
      ))!,
    onSuccess: refresh,
  });
}

/** DELETE /api/personas/:id. */
export function useDeletePersona() {
  const refresh = useRefreshPersonas();
  return useMutation({
    retry: false,
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/personas/${id}`);
      return id;
    },
    onSuccess: refresh,
  });
}
