import { and, eq, gte, ilike, inArray, lt, lte } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { idPage } from '#server/db/id-page.ts';
import { clientErrors } from '#server/db/schema/ai.ts';
import type { ClientErrorQuery } from '#shared/admin/logs-schemas.ts';

export interface NewClientError {
  userId: number | null;
  message: string;
  stack: string | null;
  componentStack: string | null;
  url: string | null;
  userAgent: string | null;
}

export async function insertClientError(db: Database, row: NewClientError): Promise<number> {
  const [inserted] = await db.insert(clientErrors).values(row).returning({ id: clientErrors.id });
  return inserted!.id;
}

const DELETE_BATCH = 5000;

/**
 * Deletes the reports written before `before`, a batch at a time so a table that was flooded
 * before the limits existed is emptied in short statements; returns how many.
 */
export async function deleteClientErrorsBefore(db: Database, before: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const old = db
      .select({ id: clientErrors.id })
      .from(clientErrors)
      .where(lt(clientErrors.createdAt, before))
      .limit(DELETE_BATCH);
    const rows = await db
      .delete(clientErrors)
      .where(inArray(clientErrors.id, old))
      .returning({ id: clientErrors.id });
    removed += rows.length;
    if (rows.length < DELETE_BATCH) return removed;
  }
}

export type ClientErrorRow = typeof clientErrors.$inferSelect;

/** One page of reports after the row `afterId` (ids grow with every insert, like the audit log). */
export async function listClientErrors(
  db: Database,
  query: ClientErrorQuery,
  afterId: number | null,
): Promise<ClientErrorRow[]> {
  const t = clientErrors;
  const page = idPage(t.id, query, afterId);
  return db
    .select()
    .from(t)
    .where(
      and(
        query.userId === undefined ? undefined : eq(t.userId, query.userId),
        query.route === undefined ? undefined : ilike(t.url, `%${escapeLike(query.route)}%`),
        query.from === undefined ? undefined : gte(t.createdAt, query.from),
        query.to === undefined ? undefined : lte(t.createdAt, query.to),
        page.after,
      ),
    )
    .orderBy(page.orderBy)
    .limit(page.limit);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
