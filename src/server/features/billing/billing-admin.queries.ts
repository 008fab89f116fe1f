import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { payments, subscriptions } from '#server/db/schema/billing.ts';
import { users } from '#server/db/schema/users.ts';
import type {
  AdminPaymentQuery,
  AdminSubscriptionQuery,
} from '#shared/admin/admin-billing-schemas.ts';

/**
 * The administrators' lists of every subscription and payment, a page after the row `afterId`
 * (ids grow with every insert, so the cursor is exact).
 */

const after = (
  column: typeof subscriptions.id | typeof payments.id,
  id: number | null,
  desc: boolean,
) => (id === null ? undefined : desc ? lt(column, id) : gt(column, id));

export async function listSubscriptionsForAdmin(
  db: Executor,
  query: AdminSubscriptionQuery,
  afterId: number | null,
) {
  const t = subscriptions;
  const newestFirst = query.order === 'desc';
  const filters: (SQL | undefined)[] = [
    query.plan === undefined ? undefined : eq(t.planId, query.plan),
    query.status === undefined ? undefined : eq(t.status, query.status),
    query.method === undefined ? undefined : eq(t.paymentMethod, query.method),
    after(t.id, afterId, newestFirst),
  ];
  return db
    .select({ subscription: t, username: users.username })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(and(...filters))
    .orderBy(newestFirst ? desc(t.id) : asc(t.id))
    .limit(query.limit + 1);
}

export async function listPaymentsForAdmin(
  db: Executor,
  query: AdminPaymentQuery,
  afterId: number | null,
) {
  const t = payments;
  const newestFirst = query.order === 'desc';
  const filters: (SQL | undefined)[] = [
    query.plan === undefined ? undefined : eq(t.planId, query.plan),
    query.status === undefined ? undefined : eq(t.status, query.status),
    query.method === undefined ? undefined : eq(t.method, query.method),
    after(t.id, afterId, newestFirst),
  ];
  return db
    .select({ payment: t, username: users.username })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(and(...filters))
    .orderBy(newestFirst ? desc(t.id) : asc(t.id))
    .limit(query.limit + 1);
}
