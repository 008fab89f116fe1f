import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { SubscriptionSchema } from '#shared/billing/billing-schemas.ts';
import { PAYMENTS_KEY } from './get-payments.ts';
import { SUBSCRIPTIONS_KEY } from './get-subscriptions.ts';

export const SANDBOX_ACTIONS = ['renew', 'period-end', 'refund'] as const;
export type SandboxAction = (typeof SANDBOX_ACTIONS)[number];

/** POST /api/admin/sandbox/subscriptions/{userId}/{action}: the sandbox's clock and refunds. */
export function useSandboxAction() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async ({ userId, action }: { userId: number; action: SandboxAction }) =>
      (await readJson(
        await apiRequest('POST', `/api/admin/sandbox/subscriptions/${userId}/${action}`, {}),
        () => SubscriptionSchema,
      ))!,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [SUBSCRIPTIONS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [PAYMENTS_KEY] }),
      ]);
    },
  });
}
