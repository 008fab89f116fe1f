import { randomBytes } from 'node:crypto';
import type { StreamEventName } from '#shared/chat/chat-schemas.ts';
import type { GenerationControl } from '#server/ports/generations.ts';
import { notFound } from '#shared/errors/app-error.ts';

export interface StreamEvent {
  /** `<generation>-<sequence>`: what a client sends back as Last-Event-ID. */
  id: string;
  event: StreamEventName;
  data: unknown;
}
export type StreamListener = (event: StreamEvent) => void;

const isTerminal = (event: StreamEvent) => event.event === 'done' || event.event === 'error';

/**
 * One reply being written. Every event is kept until the generation is forgotten, so a client
 * that reconnects (reload, Last-Event-ID) replays what it missed and then follows live. The
 * reply belongs to the server, not to a connection: only stop() ends it early.
 */
export class LiveGeneration {
  readonly events: StreamEvent[] = [];
  private readonly listeners = new Set<StreamListener>();
  private readonly tag = randomBytes(6).toString('base64url');
  private readonly aborter = new AbortController();
  private resolveSettled!: () => void;
  /** Resolves once the reply is stored (or failed) and the terminal event is published. */
  readonly settled = new Promise<void>((resolve) => (this.resolveSettled = resolve));
  ended = false;
  /** Its conversation is being deleted: the reply must not be stored (see cancel()). */
  cancelled = false;

  constructor(
    readonly conversationId: string,
    readonly userId: number,
  ) {}

  /** Aborted by Stop: the upstream request ends at once. */
  get signal() {
    return this.aborter.signal;
  }

  stop() {
    this.aborter.abort();
  }

  /** Like stop(), but the conversation is going away, so the partial reply is not kept. */
  cancel() {
    this.cancelled = true;
    this.aborter.abort();
  }

  publish(event: StreamEventName, data: unknown) {
    const entry: StreamEvent = { id: `${this.tag}-${this.events.length + 1}`, event, data };
    this.events.push(entry);
    for (const listener of this.listeners) listener(entry);
  }

  /**
   * Replays the events after `lastEventId` (all of them when it is unknown or names another
   * generation), then delivers new ones until the terminal event. Returns the unsubscribe call.
   */
  subscribe(lastEventId: string | undefined, listener: StreamListener): () => void {
    let from = 0;
    if (lastEventId?.startsWith(`${this.tag}-`)) {
      const seen = Number(lastEventId.slice(this.tag.length + 1));
      if (Number.isInteger(seen) && seen > 0) from = Math.min(seen, this.events.length);
    }
    for (const event of this.events.slice(from)) {
      listener(event);
      if (isTerminal(event)) return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The terminal event, once published. */
  outcome(): StreamEvent | undefined {
    const last = this.events.at(-1);
    return last && isTerminal(last) ? last : undefined;
  }

  end() {
    this.ended = true;
    this.listeners.clear();
    this.resolveSettled();
  }
}

/**
 * Live generations by conversation, in this process. Its four calls are what a shared
 * implementation needs (Redis: events in a stream per conversation for replay, pub/sub for live
 * delivery and for Stop reaching the instance that owns the upstream request), so it can be
 * replaced when several API servers run (ARCHITECTURE.md "runtime pieces").
 */
export interface GenerationRegistry extends GenerationControl {
  /**
   * Starts a generation for a conversation, first stopping (and awaiting) one still running.
   * Refuses (404) when another user's reply is running there: nobody stops someone else's reply.
   */
  claim(conversationId: string, userId: number): Promise<LiveGeneration>;
  /** The running or recently finished generation of a conversation. */
  find(conversationId: string): LiveGeneration | undefined;
  /** Stops the running generation; resolves when its partial reply is stored. */
  stop(conversationId: string): Promise<LiveGeneration | undefined>;
  /** Marks a generation finished; it stays replayable for a short grace period. */
  release(generation: LiveGeneration): void;
  /** Ends a generation that never started (the request was refused) and forgets it at once. */
  discard(generation: LiveGeneration): void;
  /** Waits for running generations and background work (shutdown). */
  drain(options: { stopAfterMs: number }): Promise<void>;
  /** Keeps work that outlives a request (titles) visible to drain(). */
  track(task: Promise<unknown>): void;
}

/** A reloaded page that asks just after the end still gets the final event. */
const REPLAY_GRACE_MS = 60_000;

export function createMemoryRegistry(): GenerationRegistry {
  const generations = new Map<string, LiveGeneration>();
  /** Conversations being deleted: claims wait for the deletion to finish. */
  const closing = new Map<string, Promise<unknown>>();
  const tasks = new Set<Promise<unknown>>();

  const stop = async (conversationId: string) => {
    const live = generations.get(conversationId);
    if (!live || live.ended) return undefined;
    live.stop();
    await live.settled;
    return live;
  };

  return {
    async claim(conversationId, userId) {
      // Loop: another request may have claimed or begun deleting the conversation while we
      // waited. The generation is created in the same tick as the last check.
      for (;;) {
        const deletion = closing.get(conversationId);
        if (deletion) {
          await deletion.catch(() => {});
          continue;
        }
        const live = generations.get(conversationId);
        if (!live || live.ended) break;
        if (live.userId !== userId) throw notFound('Conversation not found');
        await stop(conversationId);
      }
      const generation = new LiveGeneration(conversationId, userId);
      generations.set(conversationId, generation);
      return generation;
    },
    find: (conversationId) => generations.get(conversationId),
    stop,
    async withRepliesCancelled(conversationId, userId, work) {
      const previous = closing.get(conversationId);
      const run = (async () => {
        await previous?.catch(() => {});
        const live = generations.get(conversationId);
        // Only the user's own reply: nobody cancels someone else's.
        if (live && !live.ended && live.userId === userId) {
          live.cancel();
          await live.settled;
        }
        return work();
      })();
      closing.set(conversationId, run);
      try {
        return await run;
      } finally {
        if (closing.get(conversationId) === run) closing.delete(conversationId);
      }
    },
    release(generation) {
      generation.end();
      setTimeout(() => {
        if (generations.get(generation.conversationId) === generation) {
          generations.delete(generation.conversationId);
        }
      }, REPLAY_GRACE_MS).unref();
    },
    discard(generation) {
      generation.end();
      if (generations.get(generation.conversationId) === generation) {
        generations.delete(generation.conversationId);
      }
    },
    async drain({ stopAfterMs }) {
      const running = () => [...generations.values()].filter((generation) => !generation.ended);
      const timer = setTimeout(
        () => running().forEach((generation) => generation.stop()),
        stopAfterMs,
      );
      await Promise.all(running().map((generation) => generation.settled));
      clearTimeout(timer);
      // Background work (titles) gets the same grace; what is left is abandoned.
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...tasks]),
        new Promise((resolve) => (giveUp = setTimeout(resolve, stopAfterMs))),
      ]);
      clearTimeout(giveUp);
    },
    track(task) {
      tasks.add(task);
      void task.finally(() => tasks.delete(task)).catch(() => {});
    },
  };
}
