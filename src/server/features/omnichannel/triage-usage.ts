import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueModel } from '#server/ai/model-catalogue.ts';
import type { ReplyUsage } from '#server/ai/reply.ts';
import { usageRow } from '#server/ai/usage-row.ts';
import type { Executor } from '#server/db/client.ts';
import { tokenUsage } from '#server/db/schema/ai.ts';

/** token_usage.conversation_id of a triage call: the customer's message it was about. */
export const triageUsageKey = (messageId: number) => `omnichannel:${messageId}`;

/**
 * The token_usage row of one triage call, as for every model call (ai/usage-row.ts). It belongs
 * to no user, so it counts in the administrators' totals and in no one's token limits
 * (docs/decisions/331-calls-without-a-user-count-their-tokens.md). A row that cannot be written
 * is logged, not retried: retrying the job would call the model again. Never throws.
 */
export async function recordTriageCall(
  db: Executor,
  log: FastifyBaseLogger,
  input: {
    messageId: number;
    model: CatalogueModel;
    system: string;
    prompt: string;
    startedAt: number;
    usage: ReplyUsage;
    /** The answer as the model wrote it; empty when the call failed. */
    content: string;
    failure?: { code: 'TIMEOUT_ERROR' | 'API_ERROR'; message: string };
  },
) {
  try {
    const row = await usageRow({
      userId: null,
      modelId: input.model.id,
      conversationId: triageUsageKey(input.messageId),
      prices: input.model,
      prompt: { system: input.system, texts: [input.prompt], images: 0 },
      startedAt: input.startedAt,
      usage: input.usage,
      content: input.content,
      failure: input.failure,
      stopped: false,
    });
    await db.insert(tokenUsage).values(row);
  } catch (error) {
    log.warn({ err: error, messageId: input.messageId }, 'omnichannel triage usage not recorded');
  }
}
