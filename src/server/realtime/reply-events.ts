import type { StreamEventName } from '#shared/chat/chat-schemas.ts';

export interface StreamEvent {
  /** `<generation>-<sequence>`: what a client sends back as Last-Event-ID. */
  id: string;
  event: StreamEventName;
  data: unknown;
}
export type StreamListener = (event: StreamEvent) => void;

export const isTerminal = (event: StreamEvent) => event.event === 'done' || event.event === 'error';

/** The sequence number of an event id of generation `tag`; undefined for another generation's. */
export function sequenceOf(tag: string, eventId: string | undefined): number | undefined {
  if (!eventId?.startsWith(`${tag}-`)) return undefined;
  const seen = Number(eventId.slice(tag.length + 1));
  return Number.isInteger(seen) && seen > 0 ? seen : undefined;
}

/**
 * A kept event: a delta as its text alone, anything else as it was published. A reply is mostly
 * deltas, and every open stream holds its own: as objects with their ids they took three times
 * the memory of their text (docs/PERFORMANCE.md, "Chat at scale"). Ids follow from the position.
 */
type Entry = string | { event: StreamEventName; data: unknown };

function compact({ event, data }: StreamEvent): Entry {
  const text = event === 'delta' ? (data as { text?: unknown } | null)?.text : undefined;
  return typeof text === 'string' ? text : { event, data };
}

/**
 * A reply's events as its readers see them: every event is kept, so a client that reconnects
 * (reload, Last-Event-ID) replays what it missed and then follows live. Written by the instance
 * that runs the reply (LiveGeneration), or mirrored from Redis by another instance
 * (redis-generation-registry.ts); readers cannot tell the two apart.
 */
export class ReplyEvents {
  private readonly entries: Entry[] = [];
  private readonly listeners = new Set<StreamListener>();
  ended = false;

  constructor(
    readonly conversationId: string,
    readonly userId: number,
    /** Names this generation in event ids. */
    readonly tag: string,
  ) {}

  /** How many events were published so far. */
  get size(): number {
    return this.entries.length;
  }

  /** The event at `index` (from 0), as a reader receives it. */
  event(index: number): StreamEvent | undefined {
    const entry = this.entries[index];
    if (entry === undefined) return undefined;
    const id = `${this.tag}-${index + 1}`;
    return typeof entry === 'string'
      ? { id, event: 'delta', data: { text: entry } }
      : { id, event: entry.event, data: entry.data };
  }

  /** The reply's text so far: its deltas in order. */
  text(): string {
    return this.entries.filter((entry) => typeof entry === 'string').join('');
  }

  protected deliver(event: StreamEvent) {
    this.entries.push(compact(event));
    for (const listener of this.listeners) listener(event);
  }

  /**
   * Replays the events after `lastEventId` (all of them when it is unknown or names another
   * generation), then delivers new ones until the terminal event. Returns the unsubscribe call.
   */
  subscribe(lastEventId: string | undefined, listener: StreamListener): () => void {
    // What was published before this call; what follows reaches the listener live.
    for (
      let index = sequenceOf(this.tag, lastEventId) ?? 0, end = this.size;
      index < end;
      index++
    ) {
      const event = this.event(index)!;
      listener(event);
      if (isTerminal(event)) return () => {};
    }
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.onIdle();
    };
  }

  /** The last reader left (a mirror stops following; a live generation goes on). */
  protected onIdle() {}

  /** A caller that will not subscribe lets go (a mirror stops following). */
  close() {}

  /** The terminal event, once published. */
  outcome(): StreamEvent | undefined {
    const last = this.event(this.size - 1);
    return last && isTerminal(last) ? last : undefined;
  }

  end() {
    this.ended = true;
    this.listeners.clear();
  }

  /** A reply that has ended, rebuilt from its stored events (a retried request's result). */
  static ended(
    conversationId: string,
    userId: number,
    tag: string,
    events: { event: StreamEventName; data: unknown }[],
  ): ReplyEvents {
    const reply = new ReplyEvents(conversationId, userId, tag);
    events.forEach((event, index) => reply.deliver({ id: `${tag}-${index + 1}`, ...event }));
    reply.end();
    return reply;
  }
}
