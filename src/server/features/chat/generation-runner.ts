import type { FastifyBaseLogger } from 'fastify';
import { MAX_REPLY_CHARS, type ReplyStream, type ReplyUsage } from '#server/ai/reply.ts';
import { upstreamEmptyError, upstreamTooLongError } from '#server/ai/upstream-errors.ts';
import type { PromptText } from '#server/ai/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { databaseErrorCode } from '#server/db/database-errors.ts';
import type { ChatReply } from '#shared/chat/chat-schemas.ts';
import { AppError, unauthenticated } from '#shared/errors/app-error.ts';
import { withoutNul } from '#shared/validation/database-input.ts';
import type { GenerationRegistry } from '#server/realtime/generation-registry.ts';
import type { CancelReason, LiveGeneration } from '#server/realtime/live-generation.ts';
import { insertReply, insertUsage, type UsageValues } from './turn.queries.ts';
import { usageRow } from '#server/ai/usage-row.ts';

export interface ReplyPlan {
  db: Database;
  registry: GenerationRegistry;
  log: FastifyBaseLogger;
  generation: LiveGeneration;
  userId: number;
  conversationId: string;
  userMessageId: number;
  replyId: number;
  /** Stored in messages.model and token_usage.model. */
  modelId: string;
  /** The provider that writes the reply (error details); none for built-in answers. */
  provider: string | undefined;
  prices: { inputPricePerMillion: number; outputPricePerMillion: number };
  /** The prompt as text, to estimate input tokens the provider did not report. */
  prompt: PromptText;
  /** The reply, already requested (opened with the generation's signal). */
  stream: ReplyStream;
  /** When the reply was requested (performance.now()), for token_usage.response_time. */
  startedAt: number;
  /** At the reply's first text (time to first token). */
  onFirstToken: () => void;
  /** The turn's own writes still under way (the persona and recency): stored first. */
  turnRecorded: Promise<void>;
  /** After a failed reply (the message allowance is given back). */
  onFailure: () => Promise<void>;
  /** After a stored reply (a new conversation's title). */
  afterReply: ((content: string) => Promise<void>) | undefined;
}

const FK_VIOLATION = '23503';

const conversationDeleted = () =>
  new AppError('NOT_FOUND', 404, 'The conversation was deleted').toEnvelope();

/** What a reader attached to a cancelled reply learns (LiveGeneration.cancel()). */
const cancelledEnvelope = (reason: CancelReason) =>
  reason === 'account-ended'
    ? unauthenticated('Your session has ended').toEnvelope()
    : conversationDeleted();

function asAppError(error: unknown, log: FastifyBaseLogger): AppError {
  if (error instanceof AppError) return error;
  log.error({ err: error }, 'chat reply failed');
  return new AppError('SERVER_ERROR', 500, 'The reply could not be completed');
}

/**
 * Writes one reply: forwards each delta to the generation's subscribers as it arrives (no
 * database work per token), then stores the reply with its token_usage row in one statement.
 * A failed reply stores only its token_usage row; the user message stays (issue #3). Stop keeps
 * what was written, marked 'stopped'; a reply cancelled because its conversation is being
 * deleted keeps only its token_usage row.
 */
export async function runGeneration(plan: ReplyPlan): Promise<void> {
  const { generation, db, log } = plan;
  // The text itself is kept once, in the generation's events (reply-events.ts).
  let length = 0;
  let usage: ReplyUsage = {};
  let failure: AppError | undefined;
  let first = true;
  try {
    usage = await plan.stream.read((delta) => {
      // PostgreSQL text cannot hold U+0000, so the reply is streamed as it will be stored:
      // without it (decision 314).
      const text = withoutNul(delta);
      if (text === '') return;
      // Thrown into the reader, which closes the upstream request.
      if (length + text.length > MAX_REPLY_CHARS) throw upstreamTooLongError(plan.provider);
      length += text.length;
      generation.publish('delta', { text });
      // After the first delta went out, so measuring it does not delay it.
      if (first) {
        first = false;
        plan.onFirstToken();
      }
    });
  } catch (error) {
    failure = asAppError(error, log);
  }
  const content = generation.text();
  const stopped = failure === undefined && generation.signal.aborted;
  // A reply that ended by itself with no text has nothing to show: a failure, not an empty bubble.
  if (failure === undefined && !stopped && content === '')
    failure = upstreamEmptyError(plan.provider);

  const status = stopped ? 'stopped' : 'complete';
  const reply = (timestamp: Date): ChatReply => ({
    message: {
      id: plan.replyId,
      content,
      timestamp: timestamp.toISOString(),
      status,
      model: plan.modelId,
    },
    conversationId: plan.conversationId,
    userMessageId: plan.userMessageId,
  });

  await plan.turnRecorded.catch((error: unknown) => {
    log.error({ err: error }, 'recording the chat turn failed');
  });
  let stored = false;
  let writingReply = false;
  let row: UsageValues | undefined;
  // Whatever fails from here on, the reply ends with an event and the conversation is released.
  try {
    row = await usageRow({
      userId: plan.userId,
      modelId: plan.modelId,
      conversationId: plan.conversationId,
      prices: plan.prices,
      prompt: plan.prompt,
      startedAt: plan.startedAt,
      usage,
      content,
      failure,
      stopped,
    });
    if (generation.cancelled) {
      // Its conversation is being deleted (the delete waits for this) or its account was ended:
      // the tokens were spent, so their usage is recorded, but the reply has nowhere to go.
      await insertUsage(db, row);
      generation.publish('error', cancelledEnvelope(generation.cancelled));
    } else if (failure) {
      try {
        await insertUsage(db, row);
      } finally {
        await plan.onFailure();
      }
      generation.publish('error', failure.toEnvelope());
    } else if (content === '') {
      // Stopped before the first token: nothing was shown, so nothing is kept.
      await insertUsage(db, row);
      generation.publish('done', reply(new Date()));
    } else {
      writingReply = true;
      const { timestamp } = await insertReply(
        db,
        {
          id: plan.replyId,
          userId: plan.userId,
          conversationId: plan.conversationId,
          content,
          status,
          model: plan.modelId,
        },
        row,
      );
      stored = true;
      generation.publish('done', reply(timestamp));
    }
  } catch (error) {
    const gone = databaseErrorCode(error) === FK_VIOLATION;
    if (!gone) log.error({ err: error }, 'storing a chat reply failed');
    const unsaved = new AppError('SERVER_ERROR', 500, 'The reply could not be saved');
    if (writingReply && row) {
      // The reply's statement held its usage row too: the spent tokens are recorded on their
      // own, and as no reply was stored the message goes back to the allowance (decision 314).
      const usage = gone
        ? row
        : { ...row, status: 'error' as const, errorMessage: unsaved.message };
      await insertUsage(db, usage).catch((cause: unknown) =>
        log.error({ err: cause }, 'recording the usage of an unsaved reply failed'),
      );
      await plan
        .onFailure()
        .catch((cause: unknown) =>
          log.error({ err: cause }, 'giving back the allowance of an unsaved reply failed'),
        );
    }
    const envelope = generation.cancelled
      ? cancelledEnvelope(generation.cancelled)
      : gone
        ? conversationDeleted()
        : (failure ?? unsaved).toEnvelope();
    generation.publish('error', envelope);
  }
  plan.registry.release(generation);

  if (stored && plan.afterReply) {
    await plan.afterReply(content).catch((error: unknown) => {
      log.warn({ err: error }, 'conversation title failed');
    });
  }
}
