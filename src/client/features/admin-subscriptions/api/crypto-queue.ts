import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import {
  AdminCryptoPaymentListSchema,
  CryptoPaymentSchema,
} from '#shared/billing/crypto-schemas.ts';
import { PAYMENTS_KEY } from './get-payments.ts';
import { SUBSCRIPTIONS_KEY } from './get-subscriptions.ts';

const QUEUE_KEY = ['admin-crypto-queue'] as const;

/**
 * GET /api/admin/crypto-payments?status=pending: reported payments waiting for a decision, the
 * largest page (100); the queue is worked down from there.
 */
export function useCryptoQueue() {
  return useQuery({
    queryKey: QUEUE_KEY,
    queryFn: async () =>
      (await readJson(
        await apiRequest('GET', '/api/admin/crypto-payments?status=pending&limit=100'),
        () => AdminCryptoPaymentListSchema,
      ))!.items,
  });
}

type Decision = { id: number; action: 'verify' } | { id: number; action: 'reject'; notes: string };

/**
 * POST /api/admin/crypto-payments/{id}/verify or /reject { notes }: a verification activates the
 * plan, so the subscription and payment lists are read again too.
 */
export function useDecideCryptoPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (decision: Decision) =>
      (await readJson(
        await apiRequest(
          'POST',
          `/api/admin/crypto-payments/${decision.id}/${decision.action}`,
          decision.action === 'reject' ? { notes: decision.notes } : {},
        ),
        () => CryptoPaymentSchema,
      ))!,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
        queryClient.invalidateQueries({ queryKey: [SUBSCRIPTIONS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [PAYMENTS_KEY] }),
      ]);
    },
  });
}
