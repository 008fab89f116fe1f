import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import {
  checkouts,
  payments,
  subscriptionPlans,
  subscriptions,
} from '#server/db/schema/billing.ts';
import { users } from '#server/db/schema/users.ts';
import { assignReceiptNumber } from './receipt.queries.ts';
import { transitionStatus } from './status-transition.queries.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export async function listPlans(db: Executor) {
  return db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.rank));
}

export async function findPlan(db: Executor, id: string) {
  const rows = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return rows[0] ?? null;
}

export async function findBillingUser(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      subscriptionTier: users.subscriptionTier,
      subscriptionExpiry: users.subscriptionExpiry,
    })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0] ?? null;
}

/** The entitlement: written only here, by the payment pipeline (decision 082). */
export async function setEntitlement(
  db: Executor,
  userId: number,
  tier: string,
  expiry: Date | null,
) {
  await db
    .update(users)
    .set({ subscriptionTier: tier, subscriptionExpiry: expiry, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Locks the user's row to the end of the transaction, after their subscription row (the order
 * every payment path takes them in, decision 312), and says whether the account was erased. An
 * erasure holds this row while it runs, so a payment event waits for it and then sees it.
 */
export async function lockBillingUser(db: Executor, userId: number) {
  const rows = await db
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return rows[0] ?? null;
}

export async function findSubscription(db: Executor, userId: number, lock = false) {
  const query = db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function upsertSubscription(db: Executor, row: typeof subscriptions.$inferInsert) {
  const { userId: _userId, startDate: _startDate, ...changes } = row;
  await db
    .insert(subscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { ...changes, updatedAt: sql`now()` },
    });
}

/** Serialises the handling of one provider subscription for the rest of the transaction. */
export async function lockProviderSubscription(db: Executor, provider: string, id: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${provider}:${id}`}))`);
}

export async function insertCheckout(db: Executor, row: typeof checkouts.$inferInsert) {
  await db.insert(checkouts).values(row);
}

export async function findCheckout(db: Executor, id: string) {
  const rows = await db.select().from(checkouts).where(eq(checkouts.id, id));
  return rows[0] ?? null;
}

/** Moves a checkout on from `from`; null when another request did it first. */
export const transitionCheckout = (
  db: Executor,
  id: string,
  from: string,
  changes: Partial<typeof checkouts.$inferInsert>,
) => transitionStatus(db, checkouts, id, from, changes);

/**
 * Records a payment once per provider payment id; a paid one also replaces a failed try and gets
 * its receipt number in the same transaction.
 */
export async function recordPayment(db: Executor, row: typeof payments.$inferInsert) {
  const update = db.insert(payments).values(row);
  if (row.status === 'paid') {
    await update.onConflictDoUpdate({
      target: [payments.provider, payments.providerPaymentId],
      set: { status: 'paid', paymentRef: row.paymentRef, amountCents: row.amountCents },
      setWhere: sql`${payments.status} = 'failed'`,
    });
  } else {
    await update.onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] });
  }
  if (row.status === 'paid') await assignReceiptNumber(db, row.provider, row.providerPaymentId);
}

export async function findPaymentByRef(db: Executor, provider: string, paymentRef: string) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.paymentRef, paymentRef)))
    .for('update');
  return rows[0] ?? null;
}

export async function markPaymentRefunded(db: Executor, id: number) {
  await db
    .update(payments)
    .set({ status: 'refunded', refundedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/** The latest end of a fully refunded period of a provider subscription (its access ended). */
export async function refundedThrough(db: Executor, provider: string, subscriptionId: string) {
  const rows = await db
    .select({ end: sql<Date | null>`max(${payments.periodEnd})` })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.providerSubscriptionId, subscriptionId),
        eq(payments.status, 'refunded'),
      ),
    );
  const end = rows[0]?.end;
  return end ? new Date(end) : null;
}

export async function listPayments(db: Executor, userId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

export async function latestPaidPayment(db: Executor, userId: number, provider: string) {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.provider, provider),
        eq(payments.status, 'paid'),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return rows[0] ?? null;
}
