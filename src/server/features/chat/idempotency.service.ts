import { createHash } from 'node:crypto';
import type { LiveGeneration } from '#server/realtime/live-generation.ts';
import { isTerminal, ReplyEvents } from '#server/realtime/reply-events.ts';
import type { ChatRequest, StreamEventName } from '#shared/chat/chat-schemas.ts';
import { AppError, conflict, type ErrorEnvelope } from '#shared/errors/app-error.ts';
import type { ChatEngine, ChatUser } from './chat.service.ts';
import { findKey, recordInterruptedOutcome, recordKeyResult } from './idempotency.queries.ts';

/**
 * Idempotency-Key of POST /api/chat (issue 15 item 9, docs/decisions/066): the key is taken in
 * the statement that stores the message, so a keyed send costs no extra round trip; a retry
 * that finds it taken gets the first request's reply, live while it runs, its end after.
 */

/** How long a retry waits for the first request to start or end before answering 409. */
const RETRY_WAIT_MS = 10_000;
const RETRY_POLL_MS = 100;
/**
 * A started reply that runs nowhere and has no outcome this long: its process died (SIGKILL, a
 * crash). The wait covers a reply that just ended and whose outcome is being written.
 */
const INTERRUPTED_AFTER_MS = 1_000;
/**
 * A key whose reply never recorded its start, runs nowhere and is this old: its process died
 * between storing the message and recording the start (the record waits for the provider
 * request). Longer than the store-to-claim gap of a live request under load.
 */
const UNSTARTED_INTERRUPTED_AFTER_MS = 5_000;

/** The reply's process went down before it ended (503: the retry is regenerate). */
const interruptedError = () =>
  new AppError(
    'API_ERROR',
    503,
    'The reply was interrupted because the server restarted. Please try again.',
  );

export interface KeyedRequest {
  key: string;
  requestHash: string;
}

/** Thrown by the turn when an earlier request holds the key: the caller resumes that one. */
export class KeyTaken extends Error {}

/**
 * The key and its body's fingerprint; undefined without the header. The route's headers schema
 * (ChatRequestHeadersSchema) has already refused a malformed key with 400.
 */
export function readKeyedRequest(
  key: string | undefined,
  body: ChatRequest,
): KeyedRequest | undefined {
  if (key === undefined) return undefined;
  const fingerprint = JSON.stringify([
    body.message,
    body.conversationId?.trim() || null,
    body.fileIds ?? [],
    body.model ?? null,
    body.personaId ?? null,
  ]);
  return { key, requestHash: createHash('sha256').update(fingerprint).digest('hex') };
}

interface StartData {
  assistantMessageId: number;
}
interface StoredEvent {
  event: StreamEventName;
  data: unknown;
}

/**
 * Records what a keyed send's retry needs: its `start` once the provider request is out (off
 * the first token's path, as recordTurn), and its terminal event.
 */
export function recordKeyedReply(
  engine: ChatEngine,
  userId: number,
  key: string,
  generation: LiveGeneration,
) {
  const { db, log } = engine;
  const started = generation.event(0)?.data;
  const record = (outcome?: StoredEvent) =>
    recordKeyResult(db, { userId, key, started, ...(outcome ? { outcome } : {}) }).catch(
      (error: unknown) => log.warn({ err: error }, 'recording an idempotency key failed'),
    );
  engine.registry.track(new Promise((resolve) => setImmediate(resolve)).then(() => record()));
  const unsubscribe = generation.subscribe(undefined, (event) => {
    if (!isTerminal(event)) return;
    queueMicrotask(() => unsubscribe());
    engine.registry.track(record({ event: event.event, data: event.data }));
  });
}

const pause = () => new Promise((resolve) => setTimeout(resolve, RETRY_POLL_MS));

/**
 * A retry of a keyed send: the first request's reply while it runs (replayed from its start),
 * or its stored result once it ended. Undefined when the key is free again (the first request
 * was refused and stored nothing): the caller runs the request. Another body under the same key
 * is a 422.
 */
export async function resumeKeyedSend(
  engine: ChatEngine,
  user: ChatUser,
  keyed: KeyedRequest,
): Promise<ReplyEvents | undefined> {
  const deadline = Date.now() + RETRY_WAIT_MS;
  let missingSince: number | undefined;
  for (;;) {
    const row = await findKey(engine.db, user.id, keyed.key);
    if (!row) return undefined;
    if (row.requestHash !== keyed.requestHash) {
      // 422 as the IETF Idempotency-Key draft has it: the request is well-formed, its key is not.
      throw new AppError(
        'VALIDATION_ERROR',
        422,
        'This Idempotency-Key was used for another request',
        {
          'idempotency-key': ['Send a new key with every new message'],
        },
      );
    }
    const started = row.started as StartData | null;
    const outcome = row.outcome as StoredEvent | null;
    if (started && outcome) {
      return ReplyEvents.ended(row.conversationId, user.id, `k${started.assistantMessageId}`, [
        { event: 'start', data: started },
        outcome,
      ]);
    }
    // Only an interrupted reply ends without a recorded start: its error, as the first answer.
    if (outcome) throw AppError.fromEnvelope(outcome.data as ErrorEnvelope);
    const live = await engine.registry.find(row.conversationId);
    let interrupted = false;
    if (started) {
      const start = live?.event(0)?.data as StartData | undefined;
      if (live?.userId === user.id && start?.assistantMessageId === started.assistantMessageId) {
        return live;
      }
      live?.close();
      missingSince ??= Date.now();
      interrupted = Date.now() - missingSince >= INTERRUPTED_AFTER_MS;
    } else if (live) {
      // The first request is between storing its message and recording its start.
      live.close();
    } else {
      interrupted = row.ageMs >= UNSTARTED_INTERRUPTED_AFTER_MS;
    }
    if (interrupted) {
      // Recorded, so later retries answer at once; the question stays for regenerate.
      await recordInterruptedOutcome(engine.db, {
        userId: user.id,
        key: keyed.key,
        outcome: { event: 'error', data: interruptedError().toEnvelope() },
      });
      continue;
    }
    if (Date.now() > deadline) {
      throw conflict('The first request with this Idempotency-Key is still being processed');
    }
    await pause();
  }
}
