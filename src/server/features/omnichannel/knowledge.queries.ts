import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { brandKnowledge } from '#server/db/schema/omnichannel-triage.ts';

/** A brand's knowledge by full-text search (decision 261: the `simple` configuration). */

export type KnowledgeRow = typeof brandKnowledge.$inferSelect;

const knowledgeVector = sql`to_tsvector('simple', ${brandKnowledge.title} || ' ' || ${brandKnowledge.content})`;
/** Any of the words (plainto_tsquery ANDs them; a customer's message rarely has them all). */
const anyWords = (text: string) =>
  sql`replace(plainto_tsquery('simple', ${text})::text, ' & ', ' | ')::tsquery`;

/** Active entries valid at `now` that share words with `text`, best first. */
export async function searchKnowledge(
  db: Executor,
  brandId: string,
  text: string,
  now: Date,
  limit: number,
) {
  const query = anyWords(text.slice(0, 2000));
  return db
    .select()
    .from(brandKnowledge)
    .where(
      and(
        eq(brandKnowledge.brandId, brandId),
        eq(brandKnowledge.isActive, true),
        or(isNull(brandKnowledge.validFrom), lte(brandKnowledge.validFrom, now)),
        or(isNull(brandKnowledge.validUntil), gt(brandKnowledge.validUntil, now)),
        sql`${knowledgeVector} @@ ${query}`,
      ),
    )
    .orderBy(sql`ts_rank(${knowledgeVector}, ${query}) desc`, desc(brandKnowledge.priority))
    .limit(limit);
}

/** The admin list: every entry, or those matching all words of `q`. */
export async function listKnowledge(db: Executor, brandId: string, q: string | undefined) {
  const search = q ? sql`${knowledgeVector} @@ plainto_tsquery('simple', ${q})` : undefined;
  return db
    .select()
    .from(brandKnowledge)
    .where(and(eq(brandKnowledge.brandId, brandId), search))
    .orderBy(desc(brandKnowledge.priority), asc(brandKnowledge.id))
    .limit(500);
}
