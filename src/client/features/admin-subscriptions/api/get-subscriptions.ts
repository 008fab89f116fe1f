import { usePagedList } from '#client/lib/use-paged-list.ts';
import {
  AdminSubscriptionPageSchema,
  type AdminSubscription,
} from '#shared/admin/admin-billing-schemas.ts';

export const SUBSCRIPTIONS_KEY = 'admin-subscriptions';

export interface BillingFilters {
  plan?: string;
  status?: string;
  method?: string;
}

/** GET /api/admin/subscriptions, newest first, a page at a time. */
export function useAdminSubscriptions(filters: BillingFilters) {
  return usePagedList<AdminSubscription>(
    SUBSCRIPTIONS_KEY,
    '/api/admin/subscriptions',
    { ...filters },
    AdminSubscriptionPageSchema,
  );
}
