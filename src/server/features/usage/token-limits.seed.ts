import type { Executor } from '#server/db/client.ts';
import { tokenLimits } from '#server/db/schema/ai.ts';

/**
 * Default token budgets per tier (spec 02 §6 leaves the values open). Inserted once;
 * an administrator's later changes are never overwritten.
 */
export const DEFAULT_TOKEN_LIMITS = [
  {
    tier: 'free',
    monthlyTokens: 250_000,
    dailyTokens: 25_000,
    maxRequestSize: 8_000,
    gpt5Access: false,
    claude4Access: false,
  },
  {
    tier: 'premium',
    monthlyTokens: 2_000_000,
    dailyTokens: 150_000,
    maxRequestSize: 16_000,
    gpt5Access: false,
    claude4Access: false,
  },
  {
    tier: 'expert',
    monthlyTokens: 10_000_000,
    dailyTokens: 750_000,
    maxRequestSize: 64_000,
    gpt5Access: false,
    claude4Access: false,
  },
  {
    tier: 'ultimate',
    monthlyTokens: 50_000_000,
    dailyTokens: 4_000_000,
    maxRequestSize: 128_000,
    gpt5Access: true,
    claude4Access: true,
  },
] as const;

export async function seedTokenLimits(db: Executor) {
  await db
    .insert(tokenLimits)
    .values(DEFAULT_TOKEN_LIMITS.map((limit) => ({ ...limit })))
    .onConflictDoNothing({ target: tokenLimits.tier });
}
