import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { loadCatalogue, type Catalogue } from '#server/ai/model-catalogue.ts';
import type { AiProviders } from '#server/ai/providers.ts';
import { estimatePromptFast } from '#server/ai/tokens.ts';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { Attachments } from '#server/ports/attachments.ts';
import { AppError, notFound } from '#shared/errors/app-error.ts';
import type { PersonaUser } from '#shared/personas/persona-access.ts';
import { accessTier, historyWindow, type SubscriptionTier } from '#shared/plans/tiers.ts';
import { LANGUAGES, RESPONSE_LENGTHS } from '#shared/settings/settings-options.ts';
import { resolveModel, resolvePersona, requireProvider } from './chat-access.ts';
import { buildContext } from './chat-context.ts';
import { TITLE_JOB, type TitleJobPayload } from './chat-title-job.ts';
import { provisionalTitle } from './chat-title.ts';
import { findTurnState, storeSendTurn, type TurnState } from './turn-state.queries.ts';
import type { GenerationRegistry, LiveGeneration } from './generation-registry.ts';
import { runGeneration } from './generation-runner.ts';
import type { PredefinedAnswerRow } from './chat.queries.ts';
import { loadPredefinedAnswers, matchPredefinedAnswer } from './predefined-answers.ts';
import { chooseReplySource } from './reply-source.ts';
import {
  allowanceExceeded,
  consumeAllowance,
  countsMessages,
  refundAllowance,
  requireTokenBudget,
  usagePeriod,
} from './quota.service.ts';
import { deleteTurn, recordTurn, replaceTitle, storeTurn } from './turn.queries.ts';

export interface ChatEngine {
  db: Database;
  env: Env;
  providers: AiProviders;
  attachments: Attachments;
  registry: GenerationRegistry;
  log: FastifyBaseLogger;
  jobs: Jobs;
}

/** The signed-in user as the chat rules need it (tier, admin flag, persona ownership). */
export type ChatUser = PersonaUser;

export interface ReplyOptions {
  model?: string | undefined;
  personaId?: number | null | undefined;
}

export interface Turn {
  /** The conversation (its ownership is checked with the turn's other reads); undefined starts one. */
  conversation: { conversationId: string } | undefined;
  text: string;
  fileIds: number[];
  /** Edit: the edited message and everything after it are replaced. */
  replaceFromId?: number;
  /** Regenerate: answer this stored user message again, replacing from `replaceFromId` on. */
  answer?: { userMessageId: number; replaceFromId?: number };
}

/** A stored option, or the default when it is missing or unknown (a plain lookup: hot path). */
function oneOf<T extends string>(values: readonly T[], value: string | undefined, fallback: T): T {
  return values.find((option) => option === value) ?? fallback;
}

/** Random, URL-safe and unguessable (issue #3): 128 bits in base64url. */
const newConversationId = () => randomBytes(16).toString('base64url');

/**
 * Checks, counts, stores the user message, then starts the reply in the background and returns
 * its live generation (issue #3, ARCHITECTURE.md "hot path"). A request refused by any rule
 * (model access 403, persona, token limits, the message allowance 429) leaves nothing stored;
 * from the `start` event on, failures arrive as the stream's `error` event.
 */
export async function startTurn(
  engine: ChatEngine,
  user: ChatUser,
  options: ReplyOptions,
  turn: Turn,
): Promise<LiveGeneration> {
  const conversationId = turn.conversation?.conversationId ?? newConversationId();
  const generation = await engine.registry.claim(conversationId, user.id);
  try {
    await prepareReply(engine, user, options, turn, generation);
    return generation;
  } catch (error) {
    // A client attached to this conversation meanwhile learns the outcome too.
    const envelope =
      error instanceof AppError
        ? error.toEnvelope()
        : new AppError('SERVER_ERROR', 500, 'Internal server error').toEnvelope();
    generation.publish('error', envelope);
    // A provider request already under way (see prepareReply) ends too.
    generation.stop();
    engine.registry.discard(generation);
    throw error;
  }
}

/**
 * The rules that can refuse a turn (model access 403, persona 404/403, an unconfigured
 * provider, token limits 429) and what they decide: the model, the persona and the context.
 */
function checkTurn(input: {
  providers: AiProviders;
  user: ChatUser;
  tier: SubscriptionTier;
  options: ReplyOptions;
  turn: Turn;
  state: TurnState;
  catalogue: Catalogue;
  predefined: PredefinedAnswerRow[];
}) {
  const { user, tier, options, turn, state } = input;
  const { settings: chatSettings, budget, history, personas } = state;
  const language = oneOf(LANGUAGES, chatSettings?.language, 'de');
  const responseLength = oneOf(RESPONSE_LENGTHS, chatSettings?.responseLength, 'balanced');
  const model = resolveModel(input.catalogue, tier, options.model, chatSettings?.aiModel);
  const persona = resolvePersona(personas, user, {
    requested: options.personaId,
    conversation: state.conversation?.personaId,
    settings: chatSettings?.defaultPersona,
  });
  const predefinedAnswer = matchPredefinedAnswer(input.predefined, turn.text, language);
  if (predefinedAnswer === undefined && !input.providers.offline) {
    requireProvider(model, input.providers);
  }

  const contextInput = {
    persona,
    language,
    responseLength,
    history,
    text: turn.text,
    vision: model.vision,
  };
  const context = buildContext({ ...contextInput, attachments: [] });
  requireTokenBudget(budget, {
    modelId: model.id,
    estimatedTokens: estimatePromptFast(context.text),
  });
  return { model, persona, language, predefinedAnswer, contextInput, context };
}

async function prepareReply(
  engine: ChatEngine,
  user: ChatUser,
  options: ReplyOptions,
  turn: Turn,
  generation: LiveGeneration,
) {
  const { db, providers } = engine;
  const { conversationId } = generation;
  const tier = accessTier(user);
  const period = usagePeriod();
  const isNew = turn.conversation === undefined;
  const historyEnd = turn.answer?.userMessageId ?? turn.replaceFromId;
  // A plain send counts the free allowance and stores the user message with the turn's reads,
  // in one round trip (the message is stored before the provider is called, issue #3); a
  // refusal below removes it and gives the message back. Edit and regenerate write after their
  // checks: their truncation cannot be undone.
  const isSend = turn.answer === undefined && turn.replaceFromId === undefined;
  const counted = countsMessages(tier);
  let title = isNew ? provisionalTitle(turn.text) || null : null;

  // Both are cached: no round trip on most requests.
  const cached = Promise.all([loadCatalogue(db), loadPredefinedAnswers(db)]);
  cached.catch(() => {}); // awaited below, after the state
  const stateInput = {
    userId: user.id,
    tier,
    conversationId: isNew ? undefined : conversationId,
    historyLimit: historyWindow(tier),
    historyBeforeId: historyEnd,
    personaIds: [options.personaId].filter((id) => typeof id === 'number'),
    ...period,
  };
  const state = isSend
    ? await storeSendTurn(db, {
        ...stateInput,
        conversationId,
        isNew,
        title,
        content: turn.text,
        countIn: counted ? period.period : undefined,
      })
    : { ...(await findTurnState(db, stateInput)), stored: undefined };
  if (!isNew && !state.conversation) throw notFound('Conversation not found');
  const sent = state.stored;
  const refund = async () => {
    if (counted) await refundAllowance(db, user.id, period);
  };
  const discardSent = async () => {
    if (!sent) return;
    await deleteTurn(db, {
      userMessageId: sent.userMessageId,
      conversationId,
      isNewConversation: isNew,
    });
    await refund();
  };

  let checked: ReturnType<typeof checkTurn>;
  try {
    const [catalogue, predefined] = await cached;
    checked = checkTurn({ providers, user, tier, options, turn, state, catalogue, predefined });
    // A send in a conversation of the user's stores nothing only when the allowance is used up;
    // edit and regenerate count it now.
    if (isSend && !sent) throw await allowanceExceeded(db, user.id, period);
    // An edit replaces messages when it writes: files it cannot use must refuse it before.
    if (!isSend) await engine.attachments.checkForChat({ userId: user.id, fileIds: turn.fileIds });
    if (counted && !isSend) await consumeAllowance(db, user.id, period);
  } catch (error) {
    await discardSent();
    throw error;
  }
  const { model, persona, language, predefinedAnswer, contextInput } = checked;
  let { context } = checked;

  let userMessageId: number;
  let replyId: number;
  let droppedFileIds: number[] = [];
  if (sent) {
    ({ userMessageId, replyId } = sent);
  } else {
    try {
      ({ userMessageId, replyId, droppedFileIds } = await storeTurn(db, {
        conversationId,
        userId: user.id,
        content: turn.text,
        replaceFromId: turn.answer?.replaceFromId ?? turn.replaceFromId,
        answerUserMessageId: turn.answer?.userMessageId,
      }));
    } catch (error) {
      await refund();
      throw error;
    }
  }

  // Files of the messages an edit or a regenerate replaced go with them, as with a deleted
  // conversation, unless this turn (or another message) links them again.
  const discardDropped = async () => {
    if (droppedFileIds.length === 0) return;
    await engine.attachments
      .discardUnlinked({ userId: user.id, fileIds: droppedFileIds })
      .catch((error: unknown) =>
        engine.log.warn({ err: error }, 'discarding replaced files failed'),
      );
  };

  if (turn.fileIds.length > 0) {
    try {
      const attachments = await engine.attachments.readForChat({
        userId: user.id,
        tier,
        fileIds: turn.fileIds,
        conversationId,
        messageId: userMessageId,
      });
      context = buildContext({ ...contextInput, attachments });
      if (isNew && title === null && attachments[0]) {
        // A chat begun with files only is named after the first (a model title may follow).
        title = provisionalTitle('', [attachments[0].name]);
        await replaceTitle(db, { conversationId, provisional: null, title });
      }
    } catch (error) {
      // Refused files: the request stores nothing. (An edit checked them before replacing
      // messages; only a file deleted in between gets here, and the replaced ones stay replaced.)
      if (!turn.answer) {
        await deleteTurn(db, { userMessageId, conversationId, isNewConversation: isNew });
      }
      await refund();
      await discardDropped();
      throw error;
    }
  }

  const source = chooseReplySource({
    predefinedAnswer,
    providers,
    model,
    language,
    context,
    idleTimeoutMs: engine.env.AI_TIMEOUT_MS,
  });
  const startedAt = performance.now();
  const stream = source.open(generation.signal);
  // The conversation's persona and recency, and the replaced messages' files, are written once
  // the provider request has gone out (at the end of this event-loop turn) and before the reply
  // is stored (runGeneration awaits it).
  const turnRecorded = new Promise((resolve) => setImmediate(resolve)).then(() =>
    Promise.all([
      recordTurn(db, { conversationId, personaId: persona?.id ?? null }),
      discardDropped(),
    ]).then(() => {}),
  );
  turnRecorded.catch(() => {}); // awaited, and a failure logged, by runGeneration
  const { call } = source;
  generation.publish('start', {
    conversationId,
    userMessageId,
    assistantMessageId: replyId,
    model: source.modelId,
  });
  const run = runGeneration({
    db,
    registry: engine.registry,
    log: engine.log,
    generation,
    userId: user.id,
    conversationId,
    userMessageId,
    replyId,
    modelId: source.modelId,
    provider: call?.provider,
    prices: source.prices,
    prompt: context.text,
    stream,
    startedAt,
    turnRecorded,
    onFailure: refund,
    afterReply:
      isNew && call
        ? async () => {
            const job = { userId: user.id, conversationId, modelId: model.id, language };
            const ids = { provisional: title, userMessageId, replyId };
            await engine.jobs.enqueue<TitleJobPayload>(
              TITLE_JOB,
              { ...job, ...ids },
              { key: conversationId },
            );
          }
        : undefined,
  });
  engine.registry.track(run);
}
