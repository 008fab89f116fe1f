import { randomBytes } from 'node:crypto';
import type { StreamEventName } from '#shared/chat/chat-schemas.ts';
import { ReplyEvents, type StreamEvent } from './reply-events.ts';

export type CancelReason = 'conversation-deleted' | 'account-ended';

/**
 * One reply being written by this instance. It belongs to the server, not to a connection: only
 * stop() (or cancel()) ends it early. Readers follow it through ReplyEvents.
 */
export class LiveGeneration extends ReplyEvents {
  private readonly aborter = new AbortController();
  private resolveSettled!: () => void;
  /** Resolves once the reply is stored (or failed) and the terminal event is published. */
  readonly settled = new Promise<void>((resolve) => (this.resolveSettled = resolve));
  /**
   * Why the reply must not be stored (see cancel()): its conversation is being deleted, or an
   * administrator suspended or deleted its user's account. Undefined while it may be stored.
   */
  cancelled: CancelReason | undefined;
  /**
   * Set by a registry that shares events with other instances (Redis); none in process, where
   * publishing stays a push and a loop over local readers.
   */
  onPublish: ((event: StreamEvent) => void) | undefined;

  constructor(conversationId: string, userId: number) {
    super(conversationId, userId, randomBytes(6).toString('base64url'));
  }

  /** Aborted by Stop: the upstream request ends at once. */
  get signal() {
    return this.aborter.signal;
  }

  stop() {
    this.aborter.abort();
  }

  /** Like stop(), but the conversation or its user is going away: the partial reply is not kept. */
  cancel(reason: CancelReason = 'conversation-deleted') {
    this.cancelled = reason;
    this.aborter.abort();
  }

  publish(event: StreamEventName, data: unknown) {
    const entry: StreamEvent = { id: `${this.tag}-${this.size + 1}`, event, data };
    this.deliver(entry);
    this.onPublish?.(entry);
  }

  override end() {
    super.end();
    this.resolveSettled();
  }
}
