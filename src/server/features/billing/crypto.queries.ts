import { desc, eq, sql } from 'drizzle-orm';
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

export async function isTxHashUsed(db: Executor, txHash: string) {
  const rows = await db
    .select({ id: cryptoPayments.id })
    .from(cryptoPayments)
    .where(sql`lower(${cryptoPayments.txHash}) = lower(${txHash})`);
  return rows.length > 0;
}

export async function listCryptoPaymentsForAdmin(db: Executor, status?: string) {
  return db
    .select({ payment: cryptoPayments, username: users.username })
    .from(cryptoPayments)
    .innerJoin(users, eq(users.id, cryptoPayments.userId))
    .where(status ? eq(cryptoPayments.status, status) : sql`true`)
    .orderBy(desc(cryptoPayments.createdAt))
    .limit(500);
}
