import { requireTokenBudget } from '#server/ai/token-budget.ts';
import { estimatePromptFast } from '#server/ai/tokens.ts';
import { loadCatalogue } from '#server/ai/model-catalogue.ts';
import { MAX_REPLY_CHARS, type ReplyUsage } from '#server/ai/reply.ts';
import { upstreamEmptyError, upstreamTooLongError } from '#server/ai/upstream-errors.ts';
import type { ChatCompletions, Completion, CompletionRequest } from '#server/ports/completions.ts';
import { AppError } from '#shared/errors/app-error.ts';
import type { PersonaUser } from '#shared/personas/persona-access.ts';
import { accessTier } from '#shared/plans/tiers.ts';
import { LANGUAGES } from '#shared/settings/settings-options.ts';
import { allowedModels, requireProvider, resolveModel, resolvePersona } from './chat-access.ts';
import type { ChatEngine } from './chat.service.ts';
import { completionContext } from './completion-context.ts';
import { consumeAllowance, countsMessages, refundAllowance, usagePeriod } from './quota.service.ts';
import { chooseReplySource } from './reply-source.ts';
import { oneOf } from './turn-admission.ts';
import { findTurnState } from './turn-state.queries.ts';
import { insertUsage } from './turn.queries.ts';
import { usageRow } from '#server/ai/usage-row.ts';

/**
 * The chat engine's rules for a stateless completion (the OpenAI-compatible API, decision 131):
 * the same reads as a turn (token budget, settings, personas; no conversation, no history), the
 * same checks (model for the tier, persona, provider, token limits, the allowance) and the same
 * token_usage row, without a conversation (conversationId null). Nothing is stored but usage.
 */
async function startCompletion(
  engine: ChatEngine,
  user: PersonaUser,
  request: CompletionRequest,
  signal: AbortSignal,
): Promise<Completion> {
  const { db, providers } = engine;
  const tier = accessTier(user);
  const period = usagePeriod();
  const personaIds = request.personaId === undefined ? [] : [request.personaId];
  const state = await findTurnState(db, {
    userId: user.id,
    tier,
    conversationId: undefined,
    historyLimit: 0,
    historyBeforeId: undefined,
    personaIds,
    ...period,
  });
  const catalogue = await loadCatalogue(db);
  const model = resolveModel(catalogue, tier, request.model, []);
  const persona =
    request.personaId === undefined
      ? undefined
      : resolvePersona(state.personas, user, { requested: request.personaId });
  const language = oneOf(LANGUAGES, state.settings?.language, 'de');
  if (!providers.offline) requireProvider(model, providers);
  const context = completionContext({ persona, language, messages: request.messages });
  requireTokenBudget(state.budget, {
    modelId: model.id,
    estimatedTokens: estimatePromptFast(context.text),
  });
  const counted = countsMessages(tier);
  if (counted) await consumeAllowance(db, user.id, period);

  const source = chooseReplySource({
    predefinedAnswer: undefined,
    providers,
    model,
    language,
    context,
    idleTimeoutMs: engine.env.AI_TIMEOUT_MS,
  });
  const startedAt = performance.now();
  const stream = source.open(signal);
  return {
    model: source.modelId,
    read: async (onText) => {
      let content = '';
      let usage: ReplyUsage = {};
      let failure: AppError | undefined;
      try {
        usage = await stream.read((text) => {
          // An upstream that floods keeps the idle timer happy: the size bound ends it, as in chat.
          if (content.length + text.length > MAX_REPLY_CHARS) {
            throw upstreamTooLongError(source.call?.provider);
          }
          content += text;
          onText(text);
        });
      } catch (error) {
        if (!(error instanceof AppError)) engine.log.error({ err: error }, 'completion failed');
        failure =
          error instanceof AppError
            ? error
            : new AppError('SERVER_ERROR', 500, 'The reply could not be completed');
      }
      const stopped = failure === undefined && signal.aborted;
      if (failure === undefined && !stopped && content === '') {
        failure = upstreamEmptyError(source.call?.provider);
      }
      const row = await usageRow({
        userId: user.id,
        modelId: source.modelId,
        conversationId: null,
        prices: source.prices,
        prompt: context.text,
        startedAt,
        usage,
        content,
        failure,
        stopped,
      });
      // The allowance first: a failed usage write must not keep the message of a failed call.
      if (failure && counted) await refundAllowance(db, user.id, period);
      await insertUsage(db, row);
      if (failure) throw failure;
      return { inputTokens: row.inputTokens ?? 0, outputTokens: row.outputTokens ?? 0 };
    },
  };
}

export function createChatCompletions(engine: ChatEngine): ChatCompletions {
  return {
    listModels: async (user) => {
      const catalogue = await loadCatalogue(engine.db);
      return allowedModels(catalogue, accessTier(user)).map((model) => ({
        id: model.id,
        provider: model.provider,
      }));
    },
    start: (user, request, signal) => startCompletion(engine, user, request, signal),
  };
}
