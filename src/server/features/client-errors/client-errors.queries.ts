import { and, asc, desc, eq, gt, gte, ilike, lt, lte, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
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
  const newestFirst = query.order === 'desc';
  const filters: (SQL | undefined)[] = [
    query.userId === undefined ? undefined : eq(t.userId, query.userId),
    query.route === undefined ? undefined : ilike(t.url, `%${escapeLike(query.route)}%`),
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
