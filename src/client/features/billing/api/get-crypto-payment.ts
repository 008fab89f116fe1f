import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';
import type { CryptoPayment } from '#shared/billing/crypto-schemas.ts';

/** How often the waiting page asks whether an administrator has decided. */
export const CRYPTO_POLL_MS = 5000;

/** GET /api/crypto-payments/{id}: the buyer's own payment (another user's is 404). */
export const cryptoPaymentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['crypto-payment', id],
    queryFn: async () =>
      (await getJson(`/api/crypto-payments/${id}`, (schemas) => schemas.CryptoPaymentSchema))!,
  });

const isOpen = (payment: CryptoPayment | undefined) =>
  payment?.status === 'awaiting_payment' || payment?.status === 'pending';

/** `poll`: asked again every few seconds until an administrator verified or rejected it. */
export function useCryptoPayment(id: number | null, { poll = false } = {}) {
  return useQuery({
    ...cryptoPaymentQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => (poll && isOpen(query.state.data) ? CRYPTO_POLL_MS : false),
  });
}
