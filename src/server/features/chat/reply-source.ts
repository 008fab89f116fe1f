import type { CatalogueModel } from '#server/ai/model-catalogue.ts';
import { streamModelReply, type ModelCall } from '#server/ai/model-stream.ts';
import { offlineReply, streamFixedText } from '#server/ai/offline-assistant.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import type { ReplyStream } from '#server/ai/reply.ts';
import { OFFLINE_MODEL_ID, PREDEFINED_MODEL_ID } from '#shared/models/model-ids.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import type { ChatContext } from './chat-context.ts';

export interface ReplySource {
  /** Stored in messages.model and token_usage.model. */
  modelId: string;
  prices: { inputPricePerMillion: number; outputPricePerMillion: number };
  open: (signal: AbortSignal) => ReplyStream;
  /** The provider call, when a model answers (the title call reuses it). */
  call?: ModelCall;
}

const FREE = { inputPricePerMillion: 0, outputPricePerMillion: 0 };

/**
 * Who writes the reply: a matching predefined answer (no model call), else the offline
 * assistant when no provider is configured, else the chosen model through its provider.
 */
export function chooseReplySource(input: {
  predefinedAnswer: string | undefined;
  providers: AiProviders;
  model: CatalogueModel;
  language: Language;
  context: ChatContext;
  idleTimeoutMs: number;
}): ReplySource {
  const { predefinedAnswer, providers, model, context } = input;
  if (predefinedAnswer !== undefined) {
    return {
      modelId: PREDEFINED_MODEL_ID,
      prices: FREE,
      open: (signal) => streamFixedText(predefinedAnswer, signal, 0),
    };
  }
  if (providers.offline) {
    return {
      modelId: OFFLINE_MODEL_ID,
      prices: FREE,
      open: (signal) => offlineReply(input.language, signal),
    };
  }
  const endpoint = providers.chatCompletionsEndpoint(model.provider);
  const call: ModelCall = {
    model: providers.languageModel(model),
    provider: model.provider,
    idleTimeoutMs: input.idleTimeoutMs,
    chatCompletions: endpoint && { endpoint, upstreamModel: model.upstreamModel },
  };
  return {
    modelId: model.id,
    prices: model,
    call,
    open: (signal) => streamModelReply(call, { prompt: context.prompt, signal }),
  };
}
