import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { payments, receiptCounters, subscriptionPlans } from '#server/db/schema/billing.ts';
import { settings } from '#server/db/schema/settings.ts';
import { users } from '#server/db/schema/users.ts';

/** ORB-2026-000042: the year and a counter of that year, never truncated past six digits. */
export const formatReceiptNumber = (year: number, n: number) =>
  `ORB-${year}-${String(n).padStart(6, '0')}`;

/**
 * Gives a paid payment without a number the next one of the year (decision 110). Runs in the
 * transaction that writes the payment: the counter row stays locked until it commits, so numbers
 * are unique, increase in commit order and have no gaps (a rollback returns its number).
 */
export async function assignReceiptNumber(
  db: Executor,
  provider: string,
  providerPaymentId: string,
) {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.providerPaymentId, providerPaymentId),
        isNull(payments.receiptNumber),
        inArray(payments.status, ['paid', 'refunded']),
      ),
    )
    .for('update');
  if (!payment) return;
  const year = new Date().getUTCFullYear();
  const [counter] = await db
    .insert(receiptCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptCounters.lastNumber });
  await db
    .update(payments)
    .set({ receiptNumber: formatReceiptNumber(year, counter!.lastNumber) })
    .where(eq(payments.id, payment.id));
}

/** A numbered payment of this user, with what its receipt prints; null for anyone else's. */
export async function findReceipt(db: Executor, userId: number, paymentId: number) {
  const rows = await db
    .select({
      payment: payments,
      username: users.username,
      displayName: users.displayName,
      email: users.email,
      language: settings.language,
      planName: subscriptionPlans.name,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, payments.planId))
    .leftJoin(settings, eq(settings.userId, payments.userId))
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  const row = rows[0];
  return row?.payment.receiptNumber ? row : null;
}
