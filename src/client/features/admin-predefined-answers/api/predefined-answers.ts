import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { usePagedList, type ListFilters } from '#client/lib/use-paged-list.ts';
import {
  PredefinedAnswerPageSchema,
  PredefinedAnswerSchema,
  PredefinedTryResultSchema,
  type PredefinedAnswer,
  type PredefinedAnswerInput,
} from '#shared/admin/predefined-answer-schemas.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';

const LIST_KEY = 'admin-predefined-answers';
const BASE = '/api/admin/predefined-answers';

/** GET /api/admin/predefined-answers, a page at a time. */
export function usePredefinedAnswers(filters: ListFilters) {
  return usePagedList<PredefinedAnswer>(LIST_KEY, BASE, filters, PredefinedAnswerPageSchema);
}

/** Create (no id) or change an entry; the list is read again afterwards. */
export function useSavePredefinedAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: PredefinedAnswerInput }) => {
      const response = await apiRequest(id ? 'PATCH' : 'POST', id ? `${BASE}/${id}` : BASE, input);
      return readJson(response, () => PredefinedAnswerSchema);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_KEY] }),
  });
}

export function useDeletePredefinedAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `${BASE}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_KEY] }),
  });
}

/** POST …/try: what the chat would answer this message with. */
export function useTryPredefinedAnswer() {
  return useMutation({
    mutationFn: async (body: { message: string; language: Language }) =>
      readJson(await apiRequest('POST', `${BASE}/try`, body), () => PredefinedTryResultSchema),
  });
}
