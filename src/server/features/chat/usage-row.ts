import type { ReplyUsage } from '#server/ai/reply.ts';
import { costOf, countPromptTokens, countTextTokens, type PromptText } from '#server/ai/tokens.ts';
import type { AppError } from '#shared/errors/app-error.ts';
import type { UsageValues } from './turn.queries.ts';

/**
 * The token_usage row of one model call (spec 02 §3), for web chat replies and API completions
 * alike: the provider's figures, or the tokenizer's where it reported none; the cost at the
 * catalogue's prices; how the call ended.
 */
export async function usageRow(input: {
  userId: number;
  modelId: string;
  /** Null for API completions, which belong to no conversation. */
  conversationId: string | null;
  prices: { inputPricePerMillion: number; outputPricePerMillion: number };
  prompt: PromptText;
  /** performance.now() when the call was made. */
  startedAt: number;
  usage: ReplyUsage;
  content: string;
  failure: AppError | undefined;
  stopped: boolean;
}): Promise<UsageValues> {
  const { usage, failure } = input;
  // Before the tokenizer may have to load: the call's time, not ours.
  const responseTime = Math.round(performance.now() - input.startedAt);
  const inputTokens = usage.inputTokens ?? (await countPromptTokens(input.prompt));
  const outputTokens = usage.outputTokens ?? (await countTextTokens(input.content));
  return {
    userId: input.userId,
    model: input.modelId,
    conversationId: input.conversationId,
    inputTokens,
    outputTokens,
    totalTokens: inputTokens + outputTokens,
    cost: costOf({ inputTokens, outputTokens }, input.prices),
    responseTime,
    status: failure
      ? failure.code === 'TIMEOUT_ERROR'
        ? 'timeout'
        : 'error'
      : input.stopped
        ? 'stopped'
        : 'success',
    errorMessage: failure?.message ?? null,
  };
}
