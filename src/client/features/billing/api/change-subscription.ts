import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import type { Subscription } from '#shared/billing/billing-schemas.ts';

/**
 * POST /api/subscription/cancel | resume: no renewal at the end of the term, or renew again.
 * No password prompt: German law wants cancelling as easy as buying.
 */
export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (action: 'cancel' | 'resume') =>
      (await readJson<Subscription>(await apiRequest('POST', `/api/subscription/${action}`)))!,
    onSuccess: async (subscription) => {
      queryClient.setQueryData(['subscription'], subscription);
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}
