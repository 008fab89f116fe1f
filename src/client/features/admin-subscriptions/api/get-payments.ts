import { usePagedList } from '#client/lib/use-paged-list.ts';
import { AdminPaymentPageSchema, type AdminPayment } from '#shared/admin/admin-billing-schemas.ts';
import type { BillingFilters } from './get-subscriptions.ts';

export const PAYMENTS_KEY = 'admin-payments';

/** GET /api/admin/payments, newest first, a page at a time. */
export function useAdminPayments(filters: BillingFilters) {
  return usePagedList<AdminPayment>(
    PAYMENTS_KEY,
    '/api/admin/payments',
    { ...filters },
    AdminPaymentPageSchema,
  );
}
