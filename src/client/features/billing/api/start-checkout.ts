import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import type { CheckoutRequest } from '#shared/billing/billing-schemas.ts';
import { refreshBilling } from './get-subscription.ts';

/**
 * POST /api/subscription/checkout → where to pay (the sandbox page, Stripe Checkout, or straight
 * to /subscription for a prorated upgrade). 409 'Already Subscribed' / 'Not an Upgrade'.
 */
export async function startCheckout(input: CheckoutRequest) {
  return (await readJson(
    await apiRequest('POST', '/api/subscription/checkout', input),
    (schemas) => schemas.CheckoutResponseSchema,
  ))!;
}

export function useStartCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: startCheckout,
    // An upgrade is charged and applied before the answer: /subscription must not show the old plan.
    onSuccess: async ({ kind }) => {
      if (kind === 'upgrade') await refreshBilling(queryClient);
    },
  });
}
