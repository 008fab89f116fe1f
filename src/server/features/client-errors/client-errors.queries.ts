import { and, eq, gte, ilike, lte } from 'drizzle-orm';
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
