import { asc, desc, gt, lt } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * One page of a list ordered by its id, which grows with every insert: exact, unlike timestamps
 * whose microseconds a JavaScript Date cannot carry in a cursor. `after` keeps the rows past the
 * cursor's `afterId` (none on the first page); `limit` asks one row more than the page, which
 * only says that another page exists (toPage in http/cursor.ts).
 */
export function idPage(
  id: PgColumn,
  query: { order: 'asc' | 'desc'; limit: number },
  afterId: number | null,
) {
  const newestFirst = query.order === 'desc';
  return {
    after: afterId === null ? undefined : newestFirst ? lt(id, afterId) : gt(id, afterId),
    orderBy: newestFirst ? desc(id) : asc(id),
    limit: query.limit + 1,
  };
}
