import type { Database } from '#server/db/client.ts';
import type { Payment } from '#shared/billing/billing-schemas.ts';
import type { BillingInterval, PlanId } from '#shared/billing/prices.ts';
import { listPayments } from './billing.queries.ts';

export async function paymentsOf(db: Database, userId: number): Promise<Payment[]> {
  const rows = await listPayments(db, userId);
  return rows.map((row) => ({
    id: row.id,
    receiptNumber: row.receiptNumber,
    receiptLink: row.receiptNumber ? `/api/payments/${row.id}/receipt` : null,
    date: row.createdAt.toISOString(),
    amountCents: row.amountCents,
    currency: row.currency,
    method: row.method as Payment['method'],
    plan: row.planId as PlanId,
    interval: (row.interval as BillingInterval | null) ?? null,
    durationMonths: row.durationMonths,
    status: row.status as Payment['status'],
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    receiptUrl: row.receiptUrl,
  }));
}
