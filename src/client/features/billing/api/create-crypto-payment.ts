import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import type { CryptoPaymentCreate } from '#shared/billing/crypto-schemas.ts';

/**
 * POST /api/crypto-payments: our wallet address and the exact coin amount at a rate frozen for
 * 30 minutes (decision 084). 409 'Already Subscribed' / 'Not an Upgrade' as for card checkout.
 */
export function useCreateCryptoPayment() {
  return useMutation({
    retry: false,
    mutationFn: async (input: CryptoPaymentCreate) =>
      (await readJson(
        await apiRequest('POST', '/api/crypto-payments', input),
        (schemas) => schemas.CryptoPaymentSchema,
      ))!,
  });
}
