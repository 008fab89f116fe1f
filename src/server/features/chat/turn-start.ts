import type { LiveGeneration } from '#server/realtime/live-generation.ts';
import type { ChatContext } from './chat-context.ts';
import type { ChatEngine, ChatUser, Turn } from './chat.service.ts';
import { TITLE_JOB, type TitleJobPayload } from './chat-title-job.ts';
import { runGeneration } from './generation-runner.ts';
import { refundAllowance } from './quota.service.ts';
import { chooseReplySource } from './reply-source.ts';
import type { Admission } from './turn-admission.ts';
import type { StoredTurn } from './turn-storage.ts';
import { recordTurn } from './turn.queries.ts';

/**
 * Opens the provider request, announces the reply (`start`) and writes it in the background
 * (runGeneration). Nothing here can refuse the turn: from now on failures arrive as the
 * stream's `error` event.
 */
export function startReply(
  engine: ChatEngine,
  input: {
    user: ChatUser;
    turn: Turn;
    admission: Admission;
    stored: StoredTurn;
    context: ChatContext;
    title: string | null;
    generation: LiveGeneration;
  },
) {
  const { db, providers } = engine;
  const { user, turn, admission, stored, context, title, generation } = input;
  const { conversationId } = turn;
  const { model, persona, language } = admission;
  const source = chooseReplySource({
    predefinedAnswer: admission.predefinedAnswer,
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
      stored.discardDropped(),
    ]).then(() => {}),
  );
  turnRecorded.catch(() => {}); // awaited, and a failure logged, by runGeneration
  const { call } = source;
  generation.publish('start', {
    conversationId,
    userMessageId: stored.userMessageId,
    assistantMessageId: stored.replyId,
    model: source.modelId,
  });
  const isNew = turn.kind === 'send' && turn.isNew;
  const run = runGeneration({
    db,
    registry: engine.registry,
    log: engine.log,
    generation,
    userId: user.id,
    conversationId,
    userMessageId: stored.userMessageId,
    replyId: stored.replyId,
    modelId: source.modelId,
    provider: call?.provider,
    prices: source.prices,
    prompt: context.text,
    stream,
    startedAt,
    onFirstToken: () =>
      engine.metrics.observeFirstToken(source.modelId, performance.now() - startedAt),
    turnRecorded,
    onFailure: async () => {
      if (admission.counted) await refundAllowance(db, user.id, admission.period);
    },
    // Title generation: a new conversation's model-written title, as a job after its first reply.
    afterReply:
      isNew && call
        ? async () => {
            const job = { userId: user.id, conversationId, modelId: model.id, language };
            const ids = {
              provisional: title,
              userMessageId: stored.userMessageId,
              replyId: stored.replyId,
            };
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
