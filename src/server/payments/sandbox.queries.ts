import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { sandboxSubscriptions, sandboxUpgrades } from '#server/db/schema/billing.ts';

export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
export type SandboxUpgradeRow = typeof sandboxUpgrades.$inferSelect;

export async function insertSandboxSubscription(
  db: Executor,
  row: typeof sandboxSubscriptions.$inferInsert,
) {
  await db.insert(sandboxSubscriptions).values(row);
}

export async function findSandboxSubscription(db: Executor, id: string) {
  const rows = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
  return rows[0] ?? null;
}

/** The upgrade recorded under this idempotency key, if one was charged (decision 330). */
export async function findSandboxUpgrade(db: Executor, idempotencyKey: string) {
  const rows = await db
    .select()
    .from(sandboxUpgrades)
    .where(eq(sandboxUpgrades.idempotencyKey, idempotencyKey));
  return rows[0] ?? null;
}

/** Records an upgrade once per key; null when another call recorded it first. */
export async function insertSandboxUpgrade(db: Executor, row: typeof sandboxUpgrades.$inferInsert) {
  const rows = await db.insert(sandboxUpgrades).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updateSandboxSubscription(
  db: Executor,
  id: string,
  changes: Partial<typeof sandboxSubscriptions.$inferInsert>,
) {
  await db.update(sandboxSubscriptions).set(changes).where(eq(sandboxSubscriptions.id, id));
}

/**
 * Moves a subscription on to its next period, only if it still ends at `periodEnd`: of two
 * runs of the renewal for the same period (a retried job, two instances) one wins.
 */
export async function advanceSandboxPeriod(
  db: Executor,
  input: { id: string; periodEnd: Date; nextEnd: Date; planId: string },
) {
  const rows = await db
    .update(sandboxSubscriptions)
    .set({
      currentPeriodStart: input.periodEnd,
      currentPeriodEnd: input.nextEnd,
      planId: input.planId,
      nextPlanId: null,
    })
    .where(
      and(
        eq(sandboxSubscriptions.id, input.id),
        eq(sandboxSubscriptions.status, 'active'),
        eq(sandboxSubscriptions.currentPeriodEnd, input.periodEnd),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Ends a subscription whose period is over and that was cancelled; null if it was done. */
export async function endSandboxSubscription(db: Executor, id: string, periodEnd?: Date) {
  const rows = await db
    .update(sandboxSubscriptions)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(sandboxSubscriptions.id, id),
        eq(sandboxSubscriptions.status, 'active'),
        periodEnd ? eq(sandboxSubscriptions.currentPeriodEnd, periodEnd) : sql`true`,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Active subscriptions whose period has ended (the renewal job's work list). */
export async function dueSandboxSubscriptions(db: Executor, now: Date) {
  return db
    .select()
    .from(sandboxSubscriptions)
    .where(
      and(
        eq(sandboxSubscriptions.status, 'active'),
        lte(sandboxSubscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(100);
}

export async function findUserSandboxSubscription(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(sandboxSubscriptions)
    .where(and(eq(sandboxSubscriptions.userId, userId), eq(sandboxSubscriptions.status, 'active')))
    .orderBy(sql`${sandboxSubscriptions.createdAt} desc`)
    .limit(1);
  return rows[0] ?? null;
}
