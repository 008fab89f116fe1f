import { and, eq, getTableColumns, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { chatIdempotencyKeys } from '#server/db/schema/idempotency.ts';
import { KEY_TTL } from './send-turn.queries.ts';

/**
 * A user's Idempotency-Key of POST /api/chat. It is taken in the statement that stores the
 * message (storeSendTurn); these read it for a retry and record what the first request got.
 */

/**
 * The key's row, with its age by the database's clock: the first request may have run in
 * another process.
 */
export async function findKey(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select({
      ...getTableColumns(chatIdempotencyKeys),
      ageMs: sql<number>`(extract(epoch from now() - ${chatIdempotencyKeys.createdAt}) * 1000)::float8`,
    })
    .from(chatIdempotencyKeys)
    .where(
      and(
        eq(chatIdempotencyKeys.userId, userId),
        eq(chatIdempotencyKeys.key, key),
        sql`${chatIdempotencyKeys.createdAt} >= now() - ${KEY_TTL}::interval`,
      ),
    )
    .limit(1);
  return row;
}

/** A refused request gives its key back: it stored nothing, so a retry runs again. */
export async function deleteKey(db: Executor, userId: number, key: string) {
  await db
    .delete(chatIdempotencyKeys)
    .where(and(eq(chatIdempotencyKeys.userId, userId), eq(chatIdempotencyKeys.key, key)));
}

export async function recordKeyResult(
  db: Executor,
  input: { userId: number; key: string; started: unknown; outcome?: unknown },
) {
  await db
    .update(chatIdempotencyKeys)
    .set({
      started: input.started,
      ...(input.outcome === undefined ? {} : { outcome: input.outcome }),
    })
    .where(
      and(eq(chatIdempotencyKeys.userId, input.userId), eq(chatIdempotencyKeys.key, input.key)),
    );
}

/** The outcome of a reply whose process died, unless its own outcome came in meanwhile. */
export async function recordInterruptedOutcome(
  db: Executor,
  input: { userId: number; key: string; outcome: unknown },
) {
  await db
    .update(chatIdempotencyKeys)
    .set({ outcome: input.outcome })
    .where(
      and(
        eq(chatIdempotencyKeys.userId, input.userId),
        eq(chatIdempotencyKeys.key, input.key),
        isNull(chatIdempotencyKeys.outcome),
      ),
    );
}

/** Keys past KEY_TTL; returns how many went. */
export async function deleteExpiredKeys(db: Executor) {
  const rows = await db
    .delete(chatIdempotencyKeys)
    .where(lt(chatIdempotencyKeys.createdAt, sql`now() - ${KEY_TTL}::interval`))
    .returning({ key: chatIdempotencyKeys.key });
  return rows.length;
}
