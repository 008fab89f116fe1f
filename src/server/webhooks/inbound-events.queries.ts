import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { inboundEvents } from '#server/db/schema/inbound-events.ts';
import { jobs } from '#server/db/schema/jobs.ts';

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

export async function findInboundEvent(db: Executor, provider: string, eventId: string) {
  const rows = await db
    .select({ id: inboundEvents.id, processedAt: inboundEvents.processedAt })
    .from(inboundEvents)
    .where(and(eq(inboundEvents.provider, provider), eq(inboundEvents.eventId, eventId)));
  return rows[0] ?? null;
}

/**
 * The newest job that handles an event: the first one (keyed `key`) or one a redelivery
 * scheduled (`key:after-<id of the job before>`); null when none is left (cleaned away).
 */
export async function findLatestEventJob(db: Executor, name: string, key: string) {
  const rows = await db
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, name),
        or(eq(jobs.key, key), sql`starts_with(${jobs.key}, ${`${key}:after-`})`),
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  return rows[0] ?? null;
}
