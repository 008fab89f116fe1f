import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import { apiRequest, readJson } from '#client/lib/http.ts';
import type { PlanId } from '#shared/billing/prices.ts';

export type SubscriptionChange =
  { action: 'cancel' } | { action: 'resume' } | { action: 'downgrade'; plan: PlanId };

/**
 * POST /api/subscription/cancel | resume | downgrade: no renewal at the end of the term, renew
 * again, or switch to a lower plan then. No password prompt: German law wants cancelling as easy
 * as buying.
 */
export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (change: SubscriptionChange) =>
      (await readJson(
        await apiRequest(
          'POST',
          `/api/subscription/${change.action}`,
          change.action === 'downgrade' ? { plan: change.plan } : undefined,
        ),
        (schemas) => schemas.SubscriptionSchema,
      ))!,
    onSuccess: async (subscription) => {
      queryClient.setQueryData(['subscription'], subscription);
      await queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}
