import { and, eq, gte, sql } from 'drizzle-orm';
import type { CatalogueModel } from '#server/ai/model-catalogue.ts';
import { requireTokenAllowance, type TokenBudget } from '#server/ai/token-budget.ts';
import { usageRow } from '#server/ai/usage-row.ts';
import type { Executor } from '#server/db/client.ts';
import { tokenLimits, tokenUsage, tokenUsageDaily } from '#server/db/schema/ai.ts';
import { accessTier, type AccessState } from '#shared/plans/tiers.ts';

/** One model call of a build, as the author made it (docs/decisions/325-website-builds-count-their-tokens.md). */
export interface ModelCall {
  system: string;
  prompt: string;
  /** The answer's text; empty when the call failed. */
  text: string;
  /** The provider's figures; undefined where it reported none. */
  usage: { inputTokens?: number | undefined; outputTokens?: number | undefined };
  /** performance.now() when the call was made. */
  startedAt: number;
  /** Undefined when the call answered. */
  failure?: unknown;
}

/** How a call ended, in token_usage.status's words (spec 02 §3). */
export type CallStatus = 'success' | 'error' | 'timeout' | 'stopped';

/**
 * The token_usage row of one build call, as for every model call (ai/usage-row.ts), without a
 * conversation. The row's trigger adds it to token_usage_daily, so builds count against the daily
 * and monthly token limits.
 */
export async function recordBuildCall(
  db: Executor,
  input: { userId: number; model: CatalogueModel; call: ModelCall; status: CallStatus },
) {
  const { call, status } = input;
  const message = call.failure instanceof Error ? call.failure.message : String(call.failure);
  const row = await usageRow({
    userId: input.userId,
    modelId: input.model.id,
    conversationId: null,
    prices: input.model,
    prompt: { system: call.system, texts: [call.prompt], images: 0 },
    startedAt: call.startedAt,
    usage: call.usage,
    content: call.text,
    failure:
      status === 'timeout'
        ? { code: 'TIMEOUT_ERROR', message }
        : status === 'error'
          ? { code: 'API_ERROR', message }
          : undefined,
    stopped: status === 'stopped',
  });
  await db.insert(tokenUsage).values(row);
}

/**
 * The user's token budget for a build (the tier's token_limits with the month's and day's tokens
 * from token_usage_daily, as a chat turn reads them), after refusing the build with the chat's
 * 429 and texts when its largest request is over max_request_size or the month's or day's
 * tokens are used up (ai/token-budget.ts). Undefined for a tier without a token_limits row: no
 * token limits. The model flags are applied where the build's model is chosen (builder-model.ts).
 */
export async function requireBuildBudget(
  db: Executor,
  user: AccessState & { id: number },
  request: { estimatedTokens: number },
  now = new Date(),
): Promise<TokenBudget | undefined> {
  const today = now.toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const usedSince = (day: string) => sql<string>`(
    select coalesce(sum(${tokenUsageDaily.totalTokens}), 0) from ${tokenUsageDaily}
    where ${and(eq(tokenUsageDaily.userId, user.id), gte(tokenUsageDaily.day, day))})`;
  const [row] = await db
    .select({
      monthlyTokens: tokenLimits.monthlyTokens,
      dailyTokens: tokenLimits.dailyTokens,
      maxRequestSize: tokenLimits.maxRequestSize,
      gpt5Access: tokenLimits.gpt5Access,
      claude4Access: tokenLimits.claude4Access,
      monthUsed: usedSince(monthStart),
      dayUsed: usedSince(today),
    })
    .from(tokenLimits)
    .where(eq(tokenLimits.tier, accessTier(user)));
  const budget = row && { ...row, monthUsed: Number(row.monthUsed), dayUsed: Number(row.dayUsed) };
  requireTokenAllowance(budget, request);
  return budget;
}
