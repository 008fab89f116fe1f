import { and, asc, desc, eq, gt, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import type { AuditLogQuery } from '#shared/admin/audit-schemas.ts';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditRow = typeof adminAuditLog.$inferInsert;

export async function insertAuditRow(db: Executor, row: NewAuditRow): Promise<void> {
  await db.insert(adminAuditLog).values(row);
}

/**
 * One page of the log after the row `afterId`. Ordered by id, which grows with every insert:
 * exact, unlike timestamps whose microseconds a JavaScript Date cannot carry in a cursor.
 */
export async function listAuditRows(
  db: Executor,
  query: AuditLogQuery,
  afterId: number | null,
): Promise<AuditRow[]> {
  const t = adminAuditLog;
  const newestFirst = query.order === 'desc';
  const filters: (SQL | undefined)[] = [
    query.actorId === undefined ? undefined : eq(t.actorId, query.actorId),
    query.action === undefined ? undefined : eq(t.action, query.action),
    query.targetType === undefined ? undefined : eq(t.targetType, query.targetType),
    query.targetId === undefined ? undefined : eq(t.targetId, query.targetId),
    query.from === undefined ? undefined : gte(t.createdAt, query.from),
    query.to === undefined ? undefined : lte(t.createdAt, query.to),
  ];
  if (afterId !== null) filters.push(newestFirst ? lt(t.id, afterId) : gt(t.id, afterId));
  return db
    .select()
    .from(t)
    .where(and(...filters))
    .orderBy(newestFirst ? desc(t.id) : asc(t.id))
    .limit(query.limit + 1);
}
