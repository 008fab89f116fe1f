import { and, asc, desc, eq, gt, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { aiPredefinedAnswers } from '#server/db/schema/ai.ts';
import type { PredefinedAnswerQuery } from '#shared/admin/predefined-answer-schemas.ts';

export type PredefinedAnswerRow = typeof aiPredefinedAnswers.$inferSelect;
export type PredefinedAnswerValues = Omit<
  typeof aiPredefinedAnswers.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

const t = aiPredefinedAnswers;

/** Escapes LIKE's wildcards, so a search for "50%" finds "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page ordered by priority or keyword (`order`), ties by id, after the row the cursor names. */
export async function listPredefinedAnswers(
  db: Executor,
  query: PredefinedAnswerQuery,
  after: [string | number, number] | null,
): Promise<PredefinedAnswerRow[]> {
  const key = query.sort === 'priority' ? t.priority : t.keyword;
  const descending = query.order === 'desc';
  const filters: (SQL | undefined)[] = [
    query.q
      ? or(
          ilike(t.keyword, likePattern(query.q)),
          ilike(t.answer, likePattern(query.q)),
          ilike(t.category, likePattern(query.q)),
        )
      : undefined,
    query.category ? eq(t.category, query.category) : undefined,
    query.active ? eq(t.isActive, query.active === 'true') : undefined,
  ];
  if (after) {
    const [value, id] = after;
    const beyond = descending ? lt : gt;
    filters.push(or(beyond(key, value), and(eq(key, value), gt(t.id, id))));
  }
  return db
    .select()
    .from(t)
    .where(and(...filters))
    .orderBy(descending ? desc(key) : asc(key), asc(t.id))
    .limit(query.limit + 1);
}

export async function findPredefinedAnswer(db: Executor, id: number) {
  const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
  return row;
}

export async function insertPredefinedAnswer(db: Executor, values: PredefinedAnswerValues) {
  const [row] = await db.insert(t).values(values).returning();
  return row!;
}

export async function updatePredefinedAnswer(
  db: Executor,
  id: number,
  values: Partial<PredefinedAnswerValues>,
) {
  const [row] = await db
    .update(t)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(t.id, id))
    .returning();
  return row;
}

export async function deletePredefinedAnswer(db: Executor, id: number) {
  const [row] = await db.delete(t).where(eq(t.id, id)).returning();
  return row;
}
