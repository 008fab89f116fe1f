import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueModel } from '#server/ai/model-catalogue.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import type { Database } from '#server/db/client.ts';
import type { Commitment, TriageOutput } from '#shared/omnichannel/triage-schemas.ts';
import type { KnowledgeRow } from './knowledge.queries.ts';
import {
  callTriageModel,
  keywordTriage,
  offlineDraft,
  spentOnFailure,
  triageModel,
  triageUserPrompt,
} from './triage-model.ts';
import { recordTriageCall } from './triage-usage.ts';

/** What asking the model needs. */
export interface TriageAnswerDeps {
  db: Database;
  providers: AiProviders;
  /** The administrator's default model (app settings), read at each run. */
  defaultModel: () => string | null;
  /** Longest wait for the model's answer (AI_TIMEOUT_MS). */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** The model's decimals as exact strings; a number the JSON carried is printed as written. */
const asDecimal = (value: number | string | null) => (value === null ? null : String(value).trim());

export interface AiAnswer {
  triage: Pick<TriageOutput, 'intent' | 'urgency' | 'language' | 'sentiment'>;
  reply: string;
  commitments: Commitment[];
  citations: string[];
  model: string;
  failure: string | null;
  offline: boolean;
}

/**
 * The model's classification, reply and commitments for one message; the keyword triage and
 * the offline assistant's draft when no provider is configured. A model that fails or times out
 * is an answer too (`failure`), which sends the message to a person.
 */
export async function answerMessage(
  deps: TriageAnswerDeps,
  message: { id: number; channelType: string; senderName: string | null; content: string },
  system: string,
  knowledge: readonly KnowledgeRow[],
  signal: AbortSignal,
): Promise<AiAnswer> {
  const keywords = keywordTriage(message.content);
  if (deps.providers.offline) {
    return {
      triage: keywords,
      reply: offlineDraft(keywords.language, knowledge),
      commitments: [],
      citations: knowledge.slice(0, 1).map((entry) => entry.title),
      model: 'offline',
      failure: null,
      offline: true,
    };
  }
  const failed = (model: string, failure: string): AiAnswer => ({
    triage: keywords,
    reply: '',
    commitments: [],
    citations: [],
    model,
    failure,
    offline: false,
  });
  let model: CatalogueModel | null;
  try {
    model = await triageModel(deps.db, deps.providers, deps.defaultModel());
  } catch (error) {
    return failed('none', `no model: ${(error as Error).message}`);
  }
  if (!model) return failed('none', 'no AI model is available');
  const prompt = triageUserPrompt(message);
  const call = { messageId: message.id, model, system, prompt, startedAt: performance.now() };
  try {
    const { output, usage } = await callTriageModel(deps.providers, model, {
      system,
      prompt,
      timeoutMs: deps.timeoutMs,
      signal,
    });
    // Beside the triage, never in its way (triage-usage.ts).
    void recordTriageCall(deps.db, deps.log, {
      ...call,
      usage,
      content: JSON.stringify(output),
    });
    return {
      triage: output,
      reply: output.reply,
      commitments: output.commitments.map((c) => ({
        kind: c.kind,
        amount: asDecimal(c.amount),
        currency: c.currency,
        percent: asDecimal(c.percent),
      })),
      citations: output.citations,
      model: model.id,
      failure: null,
      offline: false,
    };
  } catch (error) {
    // This instance stopping is not the model's failure: the job runs again elsewhere.
    if (signal.aborted) throw error;
    const name = (error as Error).name;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    const reason = timedOut
      ? `timed out after ${deps.timeoutMs} ms`
      : `${name}: ${(error as Error).message}`.slice(0, 500);
    deps.log.warn({ model: model.id, reason }, 'omnichannel triage model failed');
    const spent = await spentOnFailure(error);
    // Beside the triage, not in its way: counting the prompt may first load the tokenizer
    // (seconds on a busy machine), and the message waits for a person meanwhile.
    void recordTriageCall(deps.db, deps.log, {
      ...call,
      usage: spent.usage,
      content: spent.text,
      failure: { code: timedOut ? 'TIMEOUT_ERROR' : 'API_ERROR', message: reason },
    });
    return failed(model.id, reason);
  }
}
