import type { FastifyBaseLogger } from 'fastify';
import type { AiProviders } from '#server/ai/providers.ts';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { AppMetrics } from '#server/observability/metrics.ts';
import type { Attachments } from '#server/ports/attachments.ts';
import type { GenerationRegistry } from '#server/realtime/generation-registry.ts';
import type { LiveGeneration } from '#server/realtime/live-generation.ts';
import { AppError } from '#shared/errors/app-error.ts';
import type { PersonaUser } from '#shared/personas/persona-access.ts';
import type { KeyedRequest } from './idempotency.service.ts';
import { admitTurn } from './turn-admission.ts';
import { startReply } from './turn-start.ts';
import { attachTurnFiles, storeUserTurn } from './turn-storage.ts';
import { UndoList } from './undo-list.ts';

export interface ChatEngine {
  db: Database;
  env: Env;
  providers: AiProviders;
  /** The administrator's default model (app settings), for users who have not chosen one. */
  defaultModel(): string | null;
  attachments: Attachments;
  registry: GenerationRegistry;
  log: FastifyBaseLogger;
  jobs: Jobs;
  /** Time to first token is observed here (the admin performance screen, /metrics). */
  metrics: Pick<AppMetrics, 'observeFirstToken'>;
}

/** The signed-in user as the chat rules need it (tier, admin flag, persona ownership). */
export type ChatUser = PersonaUser;

export interface ReplyOptions {
  model?: string | undefined;
  personaId?: number | null | undefined;
}

interface TurnBase {
  /** A send into a new conversation comes with its freshly made id (`isNew`). */
  conversationId: string;
  /** The user message to answer. */
  text: string;
  fileIds: number[];
}

/**
 * What the user asks for. A send's ownership is checked by the statement that stores it; an
 * edit's or a regenerate's by turns.service.ts before it gets here.
 */
export type Turn = TurnBase &
  (
    | { kind: 'send'; isNew: boolean; idempotency: KeyedRequest | undefined }
    /** The edited message and everything after it are replaced by the new text. */
    | { kind: 'edit'; replaceFromId: number }
    /** The stored user message is answered again, replacing everything after it. */
    | { kind: 'regenerate'; userMessageId: number }
  );

/**
 * One turn (issue #3, ARCHITECTURE.md "hot path"): admission (the rules that can refuse it; a
 * send is stored with its reads), storage of the user side, then the reply starts in the
 * background and its live generation is returned. A refused request (model access 403,
 * persona, token limits, the message allowance 429, files) leaves nothing stored: everything it
 * wrote is on one undo list. From the `start` event on, failures arrive as the stream's `error`.
 * Once an edit or a regenerate has replaced messages, nothing refuses it any more: a later
 * failure keeps what the user sent and ends the reply with `start` and `error`, so the client
 * retries by answering the stored message again (decision 314).
 *
 * The registry is claimed only after ownership is checked, so a request for another user's
 * conversation disturbs nothing of theirs (issue 15 item 6); makeWay() before storing only
 * waits for a deletion or the user's own running reply.
 */
export async function startTurn(
  engine: ChatEngine,
  user: ChatUser,
  options: ReplyOptions,
  turn: Turn,
): Promise<LiveGeneration> {
  const { registry } = engine;
  if (turn.kind !== 'send' || !turn.isNew) await registry.makeWay(turn.conversationId, user.id);
  const undo = new UndoList();
  let generation: LiveGeneration | undefined;
  let replaced: { userMessageId: number; replyId: number; modelId: string } | undefined;
  try {
    const admission = await admitTurn(engine, user, options, turn, undo);
    // An edit's or a regenerate's ownership is checked already, and what it replaces cannot
    // come back: it claims the reply before it writes, so one fewer step can fail after.
    if (turn.kind !== 'send') generation = await registry.claim(turn.conversationId, user.id);
    const stored = await storeUserTurn(engine, user, turn, admission, undo);
    if (turn.kind !== 'send') replaced = { ...stored, modelId: admission.model.id };
    generation ??= await registry.claim(turn.conversationId, user.id);
    const { context, title } = await attachTurnFiles(
      engine,
      user,
      turn,
      admission,
      stored.userMessageId,
    );
    startReply(engine, { user, turn, admission, stored, context, title, generation });
    return generation;
  } catch (error) {
    if (generation) {
      const envelope =
        error instanceof AppError
          ? error.toEnvelope()
          : new AppError('SERVER_ERROR', 500, 'Internal server error').toEnvelope();
      if (replaced) {
        // The messages stay replaced: the reply fails, naming the stored message to answer again.
        if (!(error instanceof AppError)) engine.log.error({ err: error }, 'chat turn failed');
        generation.publish('start', {
          conversationId: turn.conversationId,
          userMessageId: replaced.userMessageId,
          assistantMessageId: replaced.replyId,
          model: replaced.modelId,
        });
      }
      // A client attached to this conversation meanwhile learns the outcome too.
      generation.publish('error', envelope);
      generation.stop();
      if (replaced) registry.release(generation);
      else registry.discard(generation);
    }
    // The allowance goes back either way; an edit's or a regenerate's messages are not undone.
    await undo.run(engine.log);
    if (replaced && generation) return generation;
    throw error;
  }
}
