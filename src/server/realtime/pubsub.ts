/**
 * The realtime layer's one publish/subscribe interface (ARCHITECTURE.md "something changes live").
 * A topic names what changes: `chat:{conversationId}` (a reply being written) today, the code
 * hub's `codehub:{sessionId}` and the inbox's `inbox:{brandId}` next (topics.ts). In-process by
 * default; on Redis (redis-pubsub.ts) when REDIS_URL is set, so every instance hears every other.
 */
export type TopicListener = (message: unknown) => void;

export interface PubSub {
  /**
   * Delivers `message` to the topic's subscribers, in order per publisher. In process it is
   * handed over as is (no copy, no serialization); on Redis it travels as JSON, so it must be
   * plain data.
   */
  publish(topic: string, message: unknown): void;
  /**
   * Resolves once the subscription is active (on Redis: confirmed by the server), so a caller
   * that subscribes and then reads stored state misses nothing published after the read.
   * Returns the unsubscribe call.
   */
  subscribe(topic: string, listener: TopicListener): Promise<() => void>;
  close(): Promise<void>;
}

/** One process: a map of listener sets. */
export function createMemoryPubSub(): PubSub {
  const topics = new Map<string, Set<TopicListener>>();
  return {
    publish(topic, message) {
      const listeners = topics.get(topic);
      if (!listeners) return;
      for (const listener of [...listeners]) listener(message);
    },
    async subscribe(topic, listener) {
      let listeners = topics.get(topic);
      if (!listeners) topics.set(topic, (listeners = new Set()));
      // A wrapper, so one function subscribed twice is two subscriptions.
      const entry: TopicListener = (message) => listener(message);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
        if (listeners.size === 0 && topics.get(topic) === listeners) topics.delete(topic);
      };
    },
    async close() {
      topics.clear();
    },
  };
}
