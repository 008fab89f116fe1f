import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import {
  findInboundEvent,
  findLatestEventJob,
  insertInboundEvent,
  lockInboundEvent,
  markInboundEventProcessed,
} from './inbound-events.queries.ts';

/** An event whose signature was checked on the raw body by its provider's adapter. */
export interface VerifiedEvent {
  id: string;
  type: string;
  payload: unknown;
}

/**
 * Checks a delivery's signature on the exact bytes received and parses it; throws when the
 * signature, its timestamp or the body is not acceptable. Nothing is stored before it returns.
 */
export type VerifyDelivery = (rawBody: Buffer, headers: Record<string, unknown>) => VerifiedEvent;

export interface InboundEvent {
  provider: string;
  eventId: string;
  type: string;
  payload: unknown;
}

/**
 * Applies one event inside the transaction that marks it processed. Runs at least once and at
 * most once successfully: it must not do work outside `tx` that cannot be repeated.
 */
export type InboundHandler = (event: InboundEvent, tx: Transaction) => Promise<void>;

export interface Inbound {
  /** The handler of a provider's events (one per provider). */
  on(provider: string, handler: InboundHandler): void;
  /**
   * Records a verified event once and enqueues its handling in the same transaction. A
   * redelivery of a stored event is a duplicate; if the event was never handled and its job
   * gave up, a new job handles it (decision 311). With `processNow` the event is also handled
   * before this returns (our own sandbox, whose caller waits for the effect); the job then
   * finds it done.
   */
  accept(
    provider: string,
    event: VerifiedEvent,
    options?: { processNow?: boolean },
  ): Promise<{ duplicate: boolean }>;
  /** Handles a stored event unless it was handled already (the job's body). */
  process(id: number): Promise<void>;
}

export const INBOUND_EVENT_JOB = 'webhooks.inbound-event';

/**
 * The one inbound-events mechanism (ARCHITECTURE.md "a provider calls us", decision 082):
 * verify → store once by (provider, event id) → answer 2xx → a job handles it idempotently.
 */
export function createInbound(deps: { db: Database; jobs: Jobs; log: FastifyBaseLogger }): Inbound {
  const handlers = new Map<string, InboundHandler>();

  const process = async (id: number) => {
    await deps.db.transaction(async (tx) => {
      const row = await lockInboundEvent(tx, id);
      if (!row || row.processedAt) return;
      const handler = handlers.get(row.provider);
      if (!handler) throw new Error(`No handler for ${row.provider} events`);
      await handler(
        { provider: row.provider, eventId: row.eventId, type: row.type, payload: row.payload },
        tx,
      );
      await markInboundEventProcessed(tx, id);
    });
  };

  deps.jobs.define<{ id: number }>({
    name: INBOUND_EVENT_JOB,
    maxAttempts: 8,
    run: (payload) => process(payload.id),
  });

  /**
   * A redelivered event that was never handled: a new job handles it unless one is still queued
   * or running (decision 311). Keyed by the job it follows, so simultaneous redeliveries enqueue
   * it once; `process` applies the event at most once whatever runs.
   */
  const handleAgain = async (tx: Transaction, id: number, key: string) => {
    const latest = await findLatestEventJob(tx, INBOUND_EVENT_JOB, key);
    if (latest?.status === 'queued' || latest?.status === 'running') return false;
    return deps.jobs.enqueue(
      INBOUND_EVENT_JOB,
      { id },
      { key: `${key}:after-${latest?.id ?? 0}`, db: tx },
    );
  };

  return {
    on(provider, handler) {
      if (handlers.has(provider)) throw new Error(`${provider} events have a handler already`);
      handlers.set(provider, handler);
    },
    async accept(provider, event, options = {}) {
      const key = `${provider}:${event.id}`;
      const stored = await deps.db.transaction(async (tx) => {
        const inserted = await insertInboundEvent(tx, {
          provider,
          eventId: event.id,
          type: event.type,
          payload: event.payload,
        });
        if (inserted !== null) {
          await deps.jobs.enqueue(INBOUND_EVENT_JOB, { id: inserted }, { key, db: tx });
          return { id: inserted, duplicate: false, scheduled: true };
        }
        const existing = await findInboundEvent(tx, provider, event.id);
        if (!existing) throw new Error(`Inbound event ${key} is neither new nor stored`);
        // The sandbox's caller handles an unhandled redelivery itself, below.
        const scheduled =
          !existing.processedAt && !options.processNow
            ? await handleAgain(tx, existing.id, key)
            : false;
        return { id: existing.id, duplicate: true, scheduled };
      });
      if (stored.duplicate) {
        deps.log.info(
          { provider, eventId: event.id, handledAgain: stored.scheduled },
          stored.scheduled
            ? 'redelivered inbound event never handled: handling it again'
            : 'duplicate inbound event ignored',
        );
      }
      if (options.processNow) await process(stored.id);
      return { duplicate: stored.duplicate };
    },
    process,
  };
}
