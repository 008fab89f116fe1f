import { eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { inboundEvents } from '#server/db/schema/inbound-events.ts';

export type InboundEventRow = typeof inboundEvents.$inferSelect;

/** Stores a verified event once; null when (provider, event id) was stored before. */
export async function insertInboundEvent(
  db: Executor,
  event: { provider: string; eventId: string; type: string; payload: unknown },
): Promise<number | null> {
  const rows = await db
    .insert(inboundEvents)
    .values(event)
    .onConflictDoNothing({ target: [inboundEvents.provider, inboundEvents.eventId] })
    .returning({ id: inboundEvents.id });
  return rows[0]?.id ?? null;
}

/** The event, locked until the transaction ends: one handler at a time per event. */
export async function lockInboundEvent(db: Executor, id: number) {
  const rows = await db.select().from(inboundEvents).where(eq(inboundEvents.id, id)).for('update');
  return rows[0];
}

export async function markInboundEventProcessed(db: Executor, id: number) {
  await db
    .update(inboundEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(inboundEvents.id, id));
}

export async function findInboundEventId(db: Executor, provider: string, eventId: string) {
  const rows = await db
    .select({ id: inboundEvents.id })
    .from(inboundEvents)
    .where(sql`${inboundEvents.provider} = ${provider} and ${inboundEvents.eventId} = ${eventId}`);
  return rows[0]?.id ?? null;
}
