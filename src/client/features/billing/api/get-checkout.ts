import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';

/** GET /api/payments/checkouts/{checkoutId}: the order the payment page summarises (buyer only). */
export const checkoutQueryOptions = (checkoutId: string) =>
  queryOptions({
    queryKey: ['checkout', checkoutId],
    queryFn: async () =>
      (await getJson(
        `/api/payments/checkouts/${encodeURIComponent(checkoutId)}`,
        (schemas) => schemas.CheckoutDetailsSchema,
      ))!,
  });

export function useCheckout(checkoutId: string, enabled = true) {
  return useQuery({ ...checkoutQueryOptions(checkoutId), enabled: enabled && checkoutId !== '' });
}
