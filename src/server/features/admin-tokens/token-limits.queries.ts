import { asc, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { tokenLimits } from '#server/db/schema/ai.ts';
import type { TokenLimit } from '#shared/admin-tokens/token-admin-schemas.ts';

const columns = {
  tier: tokenLimits.tier,
  monthlyTokens: tokenLimits.monthlyTokens,
  dailyTokens: tokenLimits.dailyTokens,
  maxRequestSize: tokenLimits.maxRequestSize,
  gpt5Access: tokenLimits.gpt5Access,
  claude4Access: tokenLimits.claude4Access,
};

export async function listTokenLimits(db: Executor) {
  return db.select(columns).from(tokenLimits).orderBy(asc(tokenLimits.id));
}

/**
 * Writes one tier's limits. The chat reads token_limits in the statement of every turn (and
 * every API completion), so the next request already sees them: nothing is cached.
 */
export async function upsertTokenLimit(db: Executor, limit: TokenLimit) {
  const { tier: _tier, ...values } = limit;
  await db
    .insert(tokenLimits)
    .values(limit)
    .onConflictDoUpdate({ target: tokenLimits.tier, set: { ...values, updatedAt: sql`now()` } });
}
