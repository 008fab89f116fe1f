import { AppError, forbidden } from '#shared/errors/app-error.ts';

/**
 * The rule of a tier's token_limits row (spec 02 §6), shared by the chat and the website builder
 * (docs/decisions/329-website-builds-follow-model-access-and-request-size.md). Each caller reads
 * the row with the user's tokens its own way: the chat inside its one turn statement, the builder
 * in build-usage.ts.
 */

/** The tier's token_limits row with the user's tokens this month and today. */
export interface TokenBudget {
  monthlyTokens: number;
  dailyTokens: number;
  maxRequestSize: number;
  gpt5Access: boolean;
  claude4Access: boolean;
  monthUsed: number;
  dayUsed: number;
}

/** Models gated by a token_limits flag besides the tier (spec 02 §6). */
const FLAGGED_MODELS: Record<string, { flag: 'gpt5Access' | 'claude4Access'; name: string }> = {
  'gpt-5': { flag: 'gpt5Access', name: 'GPT-5' },
  'claude-sonnet-4': { flag: 'claude4Access', name: 'Claude 4' },
};

const quotaError = (message: string, details: unknown) =>
  new AppError('QUOTA_EXCEEDED_ERROR', 429, message, details);

/** Whether the flags let the tier use the model. A tier without a token_limits row has no limits. */
export function hasModelAccess(budget: TokenBudget | undefined, modelId: string) {
  const flagged = FLAGGED_MODELS[modelId];
  return !budget || !flagged || budget[flagged.flag];
}

/**
 * The quantities: the largest request, then the month's and the day's tokens. Over one → 429.
 * A tier without a token_limits row has no token limits.
 */
export function requireTokenAllowance(
  budget: TokenBudget | undefined,
  input: { estimatedTokens: number },
) {
  if (!budget) return;
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

/**
 * A request to a chosen model. The model flags are access rules, so a refusal is 403 like any
 * model above the plan; the token budgets are quantities, so 429.
 */
export function requireTokenBudget(
  budget: TokenBudget | undefined,
  input: { modelId: string; estimatedTokens: number },
) {
  if (!budget) return;
  const flagged = FLAGGED_MODELS[input.modelId];
  if (flagged && !budget[flagged.flag]) {
    throw forbidden(`${flagged.name} is not included in your plan's token limits`);
  }
  requireTokenAllowance(budget, input);
}
