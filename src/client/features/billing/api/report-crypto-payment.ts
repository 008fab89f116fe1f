import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import type { CryptoPaymentReport } from '#shared/billing/crypto-schemas.ts';
import { cryptoPaymentQueryOptions } from '#client/features/billing/api/get-crypto-payment.ts';

/**
 * POST /api/crypto-payments/{id}/paid ('I have paid'): the transaction and the sender's wallet,
 * checked per coin by the server (400 naming the field; a hash already used → 409).
 */
export function useReportCryptoPayment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (report: CryptoPaymentReport) =>
      (await readJson(
        await apiRequest('POST', `/api/crypto-payments/${id}/paid`, report),
        (schemas) => schemas.CryptoPaymentSchema,
      ))!,
    onSuccess: (payment) => {
      queryClient.setQueryData(cryptoPaymentQueryOptions(id).queryKey, payment);
    },
  });
}
