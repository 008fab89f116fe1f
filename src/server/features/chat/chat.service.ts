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
    /** The stored user message is answered again, replacing from `replaceFromId` on. */
    | { kind: 'regenerate'; userMessageId: number; replaceFromId: number | undefined }
  );

/**
 * One turn (issue #3, ARCHITECTURE.md "hot path"): admission (the rules that can refuse it; a
 * send is stored with its reads), storage of the user side, then the reply starts in the
 * background and its live generation is returned. A refused request (model access 403,
 * persona, token limits, the message allowance 429, files) leaves nothing stored: everything it
 * wrote is on one undo list. From the `start` event on, failures arrive as the stream's `error`.
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
  try {
    const admission = await admitTurn(engine, user, options, turn, undo);
    const stored = await storeUserTurn(engine, user, turn, admission, undo);
    generation = await registry.claim(turn.conversationId, user.id);
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
      // A client attached to this conversation meanwhile learns the outcome too.
      const envelope =
        error instanceof AppError
          ? error.toEnvelope()
          : new AppError('SERVER_ERROR', 500, 'Internal server error').toEnvelope();
      generation.publish('error', envelope);
      generation.stop();
      registry.discard(generation);
    }
    await undo.run(engine.log);
    throw error;
  }
}
