import type { Redis } from 'ioredis';
import type { PubSub } from './pubsub.ts';
import { isTerminal, ReplyEvents, sequenceOf, type StreamEvent } from './reply-events.ts';
import { chatTopic } from './topics.ts';

/** Redis keys of a conversation's reply (ioredis adds REDIS_PREFIX). */
export const markerKey = (conversationId: string) => `chat:${conversationId}:live`;
export const eventsKey = (conversationId: string) => `chat:${conversationId}:events`;

/** Which instance writes a conversation's reply, for whom, and whether it has ended. */
export interface GenerationMarker {
  tag: string;
  userId: number;
  instance: string;
  ended: boolean;
}

/** What the instance writing a reply publishes on its chat topic: new events, in order. */
export interface EventBatch {
  tag: string;
  events: StreamEvent[];
}

/**
 * A reply written by another instance, as this one's readers see it: the events stored so far
 * (a Redis list), then the live ones (the chat topic). It follows until the terminal event or
 * until its last reader leaves.
 */
export class ReplyMirror extends ReplyEvents {
  private unsubscribe: () => void = () => {};
  private resolveFinished!: () => void;
  /** Resolves at the terminal event (the reply was stored, failed or stopped). */
  readonly finished = new Promise<void>((resolve) => (this.resolveFinished = resolve));

  /** Events in order, each once; a gap cannot happen (one publisher, one ordered connection). */
  receive(events: StreamEvent[]) {
    for (const event of events) {
      if (this.ended || sequenceOf(this.tag, event.id) !== this.size + 1) continue;
      this.deliver(event);
      if (isTerminal(event)) this.end();
    }
  }

  override end() {
    super.end();
    this.unsubscribe();
    this.resolveFinished();
  }

  protected override onIdle() {
    this.unsubscribe();
  }

  override close() {
    this.unsubscribe();
  }

  /** Subscribes first, then reads what is stored, so nothing published in between is lost. */
  static async open(
    redis: Redis,
    pubsub: PubSub,
    conversationId: string,
    marker: GenerationMarker,
  ): Promise<ReplyMirror> {
    const mirror = new ReplyMirror(conversationId, marker.userId, marker.tag);
    let early: StreamEvent[] | undefined = [];
    mirror.unsubscribe = await pubsub.subscribe(chatTopic(conversationId), (message) => {
      const batch = message as EventBatch;
      if (batch.tag !== marker.tag) return;
      if (early) early.push(...batch.events);
      else mirror.receive(batch.events);
    });
    try {
      const stored = await redis.lrange(eventsKey(conversationId), 0, -1);
      mirror.receive(stored.map((text) => JSON.parse(text) as StreamEvent));
    } catch (error) {
      mirror.unsubscribe();
      throw error;
    }
    mirror.receive(early);
    early = undefined;
    return mirror;
  }
}
