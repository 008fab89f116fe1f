import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '#server/db/client.ts';

/** A table whose rows move through states in a `status` column (checkouts, crypto payments). */
type StatusTable = PgTable & { id: PgColumn; status: PgColumn };

/**
 * Moves a row on from the state `from`, in one statement: null when it was not in that state
 * (another request, or another administrator, moved it first).
 */
export async function transitionStatus<T extends StatusTable>(
  db: Executor,
  table: T,
  id: T['id']['_']['data'],
  from: string,
  changes: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | null> {
  const rows = (await db
    .update(table)
    .set(changes)
    .where(and(eq(table.id, id), eq(table.status, from)))
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? null;
}
