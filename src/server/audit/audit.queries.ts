import { and, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { idPage } from '#server/db/id-page.ts';
import { adminAuditLog } from '#server/db/schema/admin.ts';
import type { AuditLogQuery } from '#shared/admin/audit-schemas.ts';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditRow = typeof adminAuditLog.$inferInsert;

export async function insertAuditRow(db: Executor, row: NewAuditRow): Promise<void> {
  await db.insert(adminAuditLog).values(row);
}

/** One page of the log after the row `afterId`, in id order (id-page.ts says why). */
export async function listAuditRows(
  db: Executor,
  query: AuditLogQuery,
  afterId: number | null,
): Promise<AuditRow[]> {
  const t = adminAuditLog;
  const page = idPage(t.id, query, afterId);
  return db
    .select()
    .from(t)
    .where(
      and(
        query.actorId === undefined ? undefined : eq(t.actorId, query.actorId),
        query.action === undefined ? undefined : eq(t.action, query.action),
        query.targetType === undefined ? undefined : eq(t.targetType, query.targetType),
        query.targetId === undefined ? undefined : eq(t.targetId, query.targetId),
        query.from === undefined ? undefined : gte(t.createdAt, query.from),
        query.to === undefined ? undefined : lte(t.createdAt, query.to),
        page.after,
      ),
    )
    .orderBy(page.orderBy)
    .limit(page.limit);
}
