import { requireTokenBudget } from '#server/ai/token-budget.ts';
import { loadCatalogue, type Catalogue } from '#server/ai/model-catalogue.ts';
import { loadPredefinedAnswers, matchPredefinedAnswer } from '#server/ai/predefined-answers.ts';
import type { PredefinedAnswerRow } from '#server/ai/predefined-answers.queries.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import { estimatePromptFast } from '#server/ai/tokens.ts';
import { conversationNotFound } from '#server/ports/ownership.ts';
import { accessTier, historyWindow, type SubscriptionTier } from '#shared/plans/tiers.ts';
import { LANGUAGES, RESPONSE_LENGTHS } from '#shared/settings/settings-options.ts';
import { resolveModel, resolvePersona, requireProvider } from './chat-access.ts';
import { buildContext } from './chat-context.ts';
import type { ChatEngine, ChatUser, ReplyOptions, Turn } from './chat.service.ts';
import { provisionalTitle } from './chat-title.ts';
import {
  allowanceExceeded,
  consumeAllowance,
  countsMessages,
  refundAllowance,
  usagePeriod,
  type UsagePeriod,
} from './quota.service.ts';
import { storeSendTurn } from './send-turn.queries.ts';
import { findTurnState, type TurnState } from './turn-state.queries.ts';
import { deleteTurn } from './turn.queries.ts';
import { deleteKey } from './idempotency.queries.ts';
import { KeyTaken } from './idempotency.service.ts';
import type { UndoList } from './undo-list.ts';

/** A stored option, or the default when it is missing or unknown (a plain lookup: hot path). */
export function oneOf<T extends string>(
  values: readonly T[],
  value: string | undefined,
  fallback: T,
): T {
  return values.find((option) => option === value) ?? fallback;
}

/**
 * The rules that can refuse a turn (model access 403, persona 404/403, an unconfigured
 * provider, token limits 429) and what they decide: the model, the persona and the context.
 */
function checkTurn(input: {
  providers: AiProviders;
  defaultModel: string | null;
  user: ChatUser;
  tier: SubscriptionTier;
  options: ReplyOptions;
  text: string;
  state: TurnState;
  catalogue: Catalogue;
  predefined: PredefinedAnswerRow[];
}) {
  const { user, tier, options, state } = input;
  const { settings: chatSettings, budget, history, personas } = state;
  const language = oneOf(LANGUAGES, chatSettings?.language, 'de');
  const responseLength = oneOf(RESPONSE_LENGTHS, chatSettings?.responseLength, 'balanced');
  const model = resolveModel(input.catalogue, tier, options.model, [
    chatSettings?.aiModel ?? undefined,
    input.defaultModel ?? undefined,
  ]);
  const persona = resolvePersona(personas, user, {
    requested: options.personaId,
    conversation: state.conversation?.personaId,
    settings: chatSettings?.defaultPersona,
  });
  const predefinedAnswer = matchPredefinedAnswer(input.predefined, input.text, language);
  if (predefinedAnswer === undefined && !input.providers.offline) {
    requireProvider(model, input.providers);
  }
  const contextInput = {
    persona,
    language,
    responseLength,
    history,
    text: input.text,
    vision: model.vision,
  };
  const context = buildContext({ ...contextInput, attachments: [] });
  requireTokenBudget(budget, {
    modelId: model.id,
    estimatedTokens: estimatePromptFast(context.text),
  });
  return { model, persona, language, predefinedAnswer, contextInput, context };
}

export type CheckedTurn = ReturnType<typeof checkTurn>;

export interface Admission extends CheckedTurn {
  tier: SubscriptionTier;
  period: UsagePeriod;
  /** The free plan counts messages; a failed reply gives its message back. */
  counted: boolean;
  /** A send's user message, stored with the turn's reads; edit and regenerate store later. */
  sent: { userMessageId: number; replyId: number } | undefined;
  /** A new conversation's provisional title. */
  title: string | null;
}

/**
 * Reads the turn's state and applies every rule that can refuse it; on return the turn is
 * counted. A plain send (the hot path) counts the free allowance and stores the user message
 * with the reads in one round trip (decision 041), and a refusal then takes both back through
 * `undo`. Edit and regenerate write nothing before their checks: their truncation cannot be
 * undone.
 */
export async function admitTurn(
  engine: ChatEngine,
  user: ChatUser,
  options: ReplyOptions,
  turn: Turn,
  undo: UndoList,
): Promise<Admission> {
  const { db } = engine;
  const { conversationId } = turn;
  const tier = accessTier(user);
  const period = usagePeriod();
  const counted = countsMessages(tier);
  const isNew = turn.kind === 'send' && turn.isNew;
  const title = isNew ? provisionalTitle(turn.text) || null : null;
  const refund = () => refundAllowance(db, user.id, period);

  // Both are cached: no round trip on most requests.
  const cached = Promise.all([loadCatalogue(db), loadPredefinedAnswers(db)]);
  cached.catch(() => {}); // awaited below, after the state
  const stateInput = {
    userId: user.id,
    tier,
    conversationId: isNew ? undefined : conversationId,
    historyLimit: historyWindow(tier),
    historyBeforeId:
      turn.kind === 'send'
        ? undefined
        : turn.kind === 'edit'
          ? turn.replaceFromId
          : turn.userMessageId,
    personaIds: [options.personaId].filter((id) => typeof id === 'number'),
    ...period,
  };

  let state: TurnState;
  let sent: Admission['sent'];
  if (turn.kind === 'send') {
    const { idempotency } = turn;
    let keyClaimed: boolean;
    ({
      stored: sent,
      keyClaimed,
      ...state
    } = await storeSendTurn(db, {
      ...stateInput,
      conversationId,
      isNew,
      title,
      content: turn.text,
      countIn: counted ? period.period : undefined,
      idempotency,
    }));
    if (idempotency && !keyClaimed) throw new KeyTaken();
    if (idempotency) undo.add(() => deleteKey(db, user.id, idempotency.key));
    if (sent) {
      const { userMessageId } = sent;
      if (counted) undo.add(refund);
      undo.add(() => deleteTurn(db, { userMessageId, conversationId, isNewConversation: isNew }));
    }
  } else {
    state = await findTurnState(db, stateInput);
  }
  if (!isNew && !state.conversation) throw conversationNotFound();

  const [catalogue, predefined] = await cached;
  const { providers } = engine;
  const checked = checkTurn({
    providers,
    defaultModel: engine.defaultModel(),
    user,
    tier,
    options,
    text: turn.text,
    state,
    catalogue,
    predefined,
  });
  if (turn.kind === 'send') {
    // A send in a conversation of the user's stores nothing only when the allowance is used up.
    if (!sent) throw await allowanceExceeded(db, user.id, period);
  } else {
    // An edit replaces messages when it writes: files it cannot use must refuse it before.
    await engine.attachments.checkForChat({ userId: user.id, fileIds: turn.fileIds });
    if (counted) {
      await consumeAllowance(db, user.id, period);
      undo.add(refund);
    }
  }
  return { ...checked, tier, period, counted, sent, title };
}
