import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import {
  findInboundEventId,
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
   * Records a verified event once and enqueues its handling in the same transaction. With
   * `processNow` the event is also handled before this returns (our own sandbox, whose caller
   * waits for the effect); the job then finds it done.
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

  return {
    on(provider, handler) {
      if (handlers.has(provider)) throw new Error(`${provider} events have a handler already`);
      handlers.set(provider, handler);
    },
    async accept(provider, event, options = {}) {
      const id = await deps.db.transaction(async (tx) => {
        const inserted = await insertInboundEvent(tx, {
          provider,
          eventId: event.id,
          type: event.type,
          payload: event.payload,
        });
        if (inserted !== null) {
          await deps.jobs.enqueue(
            INBOUND_EVENT_JOB,
            { id: inserted },
            { key: `${provider}:${event.id}`, db: tx },
          );
        }
        return inserted;
      });
      if (id === null) {
        deps.log.info({ provider, eventId: event.id }, 'duplicate inbound event ignored');
        // A redelivery of an event not handled yet is handled now by the sandbox's caller.
        if (options.processNow) {
          const existing = await findInboundEventId(deps.db, provider, event.id);
          if (existing !== null) await process(existing);
        }
        return { duplicate: true };
      }
      if (options.processNow) await process(id);
      return { duplicate: false };
    },
    process,
  };
}
