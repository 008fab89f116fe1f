import type { Database, Executor } from '#server/db/client.ts';
import { AppError, forbidden } from '#shared/errors/app-error.ts';
import type { SubscriptionTier } from '#shared/plans/tiers.ts';
import type { TurnState } from './turn-state.queries.ts';
import { consumeMessage, findAllowance, refundMessage } from './usage.queries.ts';

/**
 * Limits of a chat message (docs/decisions/004-monthly-quota.md):
 * - the free plan: monthlyQuota (125) + bonusMessages per calendar month (UTC), counted atomically;
 * - every plan: the tier's token_limits (monthly and daily tokens from token_usage, summed per
 *   day in token_usage_daily; the largest request, GPT-5 and Claude 4 access).
 * Over a limit → 429 QUOTA_EXCEEDED_ERROR; the message contains 'limit reached' where the client
 * should show the upgrade panel (spec 01-core §8).
 */

export interface UsagePeriod {
  /** YYYY-MM in UTC: the month users.quotaPeriod counts. */
  period: string;
  monthStart: Date;
  dayStart: Date;
}

export function usagePeriod(now = new Date()): UsagePeriod {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    period: now.toISOString().slice(0, 7),
    monthStart: new Date(Date.UTC(year, month, 1)),
    dayStart: new Date(Date.UTC(year, month, now.getUTCDate())),
  };
}

export const MESSAGE_LIMIT_MESSAGE =
  'Monthly message limit reached. Upgrade to Premium for unlimited messages.';

const quotaError = (message: string, details: unknown) =>
  new AppError('QUOTA_EXCEEDED_ERROR', 429, message, details);

/** Whether the tier counts messages (paid tiers have unlimited messages, spec 02 §9 plan texts). */
export function countsMessages(tier: SubscriptionTier) {
  return tier === 'free';
}

/** The 429 of a used-up free allowance (the client shows the upgrade panel), with its state. */
export async function allowanceExceeded(db: Database, userId: number, period: UsagePeriod) {
  const state = await findAllowance(db, userId, period.period);
  return quotaError(MESSAGE_LIMIT_MESSAGE, {
    limit: state?.allowance ?? 0,
    used: state?.used ?? 0,
    period: period.period,
  });
}

/** Counts one message of the free allowance, or refuses with 429. */
export async function consumeAllowance(db: Database, userId: number, period: UsagePeriod) {
  const row = await consumeMessage(db, userId, period.period);
  if (!row) throw await allowanceExceeded(db, userId, period);
}

export async function refundAllowance(db: Executor, userId: number, period: UsagePeriod) {
  await refundMessage(db, userId, period.period);
}

export type TokenBudget = TurnState['budget'];

/** Models gated by a token_limits flag besides the tier (spec 02 §6). */
const FLAGGED_MODELS: Record<string, { flag: 'gpt5Access' | 'claude4Access'; name: string }> = {
  'gpt-5': { flag: 'gpt5Access', name: 'GPT-5' },
  'claude-sonnet-4': { flag: 'claude4Access', name: 'Claude 4' },
};

/**
 * The model flags are access rules, so a refusal is 403 like any model above the plan; the
 * token budgets are quantities, so 429. A tier without a token_limits row has no token limits.
 */
export function requireTokenBudget(
  budget: TokenBudget,
  input: { modelId: string; estimatedTokens: number },
) {
  if (!budget) return;
  const flagged = FLAGGED_MODELS[input.modelId];
  if (flagged && !budget[flagged.flag]) {
    throw forbidden(`${flagged.name} is not included in your plan's token limits`);
  }
  if (input.estimatedTokens > budget.maxRequestSize) {
    throw quotaError(
      `Request too large: about ${input.estimatedTokens} tokens, your plan allows ${budget.maxRequestSize} per request. Shorten the message or start a new chat.`,
      { estimatedTokens: input.estimatedTokens, maxRequestSize: budget.maxRequestSize },
    );
  }
  if (budget.monthUsed >= budget.monthlyTokens) {
    throw quotaError('Monthly token limit reached. Upgrade your plan for more tokens.', {
      limit: budget.monthlyTokens,
      used: budget.monthUsed,
    });
  }
  if (budget.dayUsed >= budget.dailyTokens) {
    throw quotaError('Daily token limit reached. It resets at midnight UTC.', {
      limit: budget.dailyTokens,
      used: budget.dayUsed,
    });
  }
}
