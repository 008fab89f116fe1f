import type { tokenUsage } from '#server/db/schema/ai.ts';
import type { ReplyUsage } from './reply.ts';
import { costOf, countPromptTokens, countTextTokens, type PromptText } from './tokens.ts';

/** A token_usage row as it is written. */
export type UsageValues = Omit<typeof tokenUsage.$inferInsert, 'id' | 'createdAt'>;

/**
 * The token_usage row of one model call (spec 02 §3), for every call the product makes (chat
 * replies, API completions, website builds): the provider's figures, or the tokenizer's where it
 * reported none; the cost at the catalogue's prices; how the call ended.
 */
export async function usageRow(input: {
  /** Null for a call made for nobody's account (omnichannel triage, decision 331). */
  userId: number | null;
  modelId: string;
  /** Null for API completions, which belong to no conversation; a key of its own elsewhere. */
  conversationId: string | null;
  prices: { inputPricePerMillion: number; outputPricePerMillion: number };
  prompt: PromptText;
  /** performance.now() when the call was made. */
  startedAt: number;
  usage: ReplyUsage;
  content: string;
  /** How the call failed (an AppError's code and message); undefined when it answered. */
  failure: { code: string; message: string } | undefined;
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
