import { loadCatalogue } from '#server/ai/model-catalogue.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import type { Database } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import { findTitleExchange } from './chat-title.queries.ts';
import { writeTitle } from './chat-title.ts';

export const TITLE_JOB = 'chat.title';

/** Ids, not text: the job row keeps no conversation content. */
export interface TitleJobPayload {
  userId: number;
  conversationId: string;
  modelId: string;
  language: Language;
  /** The title the conversation had when the job was enqueued; only that one is replaced. */
  provisional: string | null;
  userMessageId: number;
  replyId: number;
}

/**
 * A new conversation's model-written title, as a job enqueued after its first reply (key: the
 * conversation id, so one per conversation). Idempotent: a title already replaced (by an earlier
 * run or by the user) or a conversation gone means there is nothing to do. A failed model call
 * keeps the provisional title and is not retried (writeTitle records it); a database error is.
 */
export function defineTitleJob(
  jobs: Jobs,
  engine: { db: Database; providers: AiProviders; idleTimeoutMs: number },
) {
  jobs.define<TitleJobPayload>({
    name: TITLE_JOB,
    maxAttempts: 3,
    retryDelayMs: 5_000,
    run: async (payload) => {
      const exchange = await findTitleExchange(engine.db, payload);
      if (!exchange || exchange.title !== payload.provisional) return;
      const model = (await loadCatalogue(engine.db)).get(payload.modelId);
      if (!model || !engine.providers.status(model.provider).configured) return;
      await writeTitle({
        db: engine.db,
        call: {
          model: engine.providers.languageModel(model),
          provider: model.provider,
          idleTimeoutMs: engine.idleTimeoutMs,
        },
        model,
        userId: payload.userId,
        conversationId: payload.conversationId,
        language: payload.language,
        provisional: payload.provisional,
        question: exchange.question,
        answer: exchange.answer,
      });
    },
  });
}
