import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import type { SandboxCompleteRequest } from '#shared/billing/billing-schemas.ts';
import { refreshBilling } from './get-subscription.ts';

/**
 * POST /api/payments/sandbox/{checkoutId}/complete: the TEST MODE outcome. On success the
 * entitlement changed, so the user (card label), subscription and history are read again.
 */
export function useCompleteSandbox(checkoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (outcome: SandboxCompleteRequest['outcome']) =>
      (await readJson(
        await apiRequest(
          'POST',
          `/api/payments/sandbox/${encodeURIComponent(checkoutId)}/complete`,
          { outcome },
        ),
        (schemas) => schemas.CheckoutDetailsSchema,
      ))!,
    onSuccess: async (details) => {
      // A decline is shown on the page; a completed checkout is left as it was, so the page
      // stays mounted and its caller can move on to /subscription.
      if (details.status === 'declined')
        queryClient.setQueryData(['checkout', checkoutId], details);
      await refreshBilling(queryClient);
    },
  });
}
