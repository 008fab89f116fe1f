import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { cryptoPayments } from '#server/db/schema/crypto-payments.ts';
import { users } from '#server/db/schema/users.ts';
import { transitionStatus } from './status-transition.queries.ts';

export type CryptoPaymentRow = typeof cryptoPayments.$inferSelect;

export async function insertCryptoPayment(db: Executor, row: typeof cryptoPayments.$inferInsert) {
  const [inserted] = await db.insert(cryptoPayments).values(row).returning();
  return inserted!;
}

export async function findCryptoPayment(db: Executor, id: number) {
  const rows = await db.select().from(cryptoPayments).where(eq(cryptoPayments.id, id));
  return rows[0] ?? null;
}

/** Moves a payment on from `from`; null when it was not in that state (another admin won). */
export const transitionCryptoPayment = (
  db: Executor,
  id: number,
  from: string,
  changes: Partial<typeof cryptoPayments.$inferInsert>,
) => transitionStatus(db, cryptoPayments, id, from, changes);

/**
 * The buyer's entitlement, locked to the end of the transaction: a second verification for the
 * same user waits and then extends from the end the first one wrote (decision 312), and one
 * during an erasure waits for it and then sees the account erased (decision 330).
 */
export async function lockCryptoBuyer(db: Executor, userId: number) {
  const rows = await db
    .select({
      subscriptionTier: users.subscriptionTier,
      subscriptionExpiry: users.subscriptionExpiry,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return rows[0] ?? null;
}

export async function isTxHashUsed(db: Executor, txHash: string) {
  const rows = await db
    .select({ id: cryptoPayments.id })
    .from(cryptoPayments)
    .where(sql`lower(${cryptoPayments.txHash}) = lower(${txHash})`);
  return rows.length > 0;
}

/** One page of payments by id (newest first unless asc), after the row `afterId`; limit + 1 rows. */
export async function listCryptoPaymentsForAdmin(
  db: Executor,
  query: { status?: string | undefined; order: 'asc' | 'desc'; limit: number },
  afterId: number | null,
) {
  const newestFirst = query.order === 'desc';
  return db
    .select({ payment: cryptoPayments, username: users.username })
    .from(cryptoPayments)
    .innerJoin(users, eq(users.id, cryptoPayments.userId))
    .where(
      and(
        query.status ? eq(cryptoPayments.status, query.status) : undefined,
        afterId === null
          ? undefined
          : newestFirst
            ? lt(cryptoPayments.id, afterId)
            : gt(cryptoPayments.id, afterId),
      ),
    )
    .orderBy(newestFirst ? desc(cryptoPayments.id) : asc(cryptoPayments.id))
    .limit(query.limit + 1);
}
