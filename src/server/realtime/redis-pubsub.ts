import type { Redis } from 'ioredis';
import { duplicateForSubscribe, redisPrefix } from '#server/redis.ts';
import type { PubSub, TopicListener } from './pubsub.ts';

/**
 * Publish/subscribe on Redis: one extra connection per instance carries every subscription
 * (a subscribed connection can issue no other commands). Channel names get the key prefix
 * (REDIS_PREFIX), which ioredis does not add to channels, so deployments sharing a Redis never
 * hear each other.
 */
export function createRedisPubSub(redis: Redis): PubSub {
  const prefix = redisPrefix(redis);
  const subscriber = duplicateForSubscribe(redis);
  const topics = new Map<string, Set<TopicListener>>();
  /** SUBSCRIBE / UNSUBSCRIBE in flight per channel, so they reach Redis in order. */
  const pending = new Map<string, Promise<unknown>>();

  subscriber.on('message', (channel: string, text: string) => {
    const listeners = topics.get(channel.slice(prefix.length));
    if (!listeners || listeners.size === 0) return;
    const message: unknown = JSON.parse(text);
    for (const listener of [...listeners]) listener(message);
  });
  // Errors surface as failed commands; a listener keeps one connection error from crashing.
  subscriber.on('error', () => {});

  const queue = (channel: string, command: () => Promise<unknown>) => {
    const next = (pending.get(channel) ?? Promise.resolve()).catch(() => {}).then(command);
    pending.set(channel, next);
    void next
      .finally(() => {
        if (pending.get(channel) === next) pending.delete(channel);
      })
      .catch(() => {});
    return next;
  };

  return {
    publish(topic, message) {
      redis.publish(prefix + topic, JSON.stringify(message)).catch(() => {});
    },
    async subscribe(topic, listener) {
      const channel = prefix + topic;
      let listeners = topics.get(topic);
      const first = !listeners;
      if (!listeners) topics.set(topic, (listeners = new Set()));
      const entry: TopicListener = (message) => listener(message);
      listeners.add(entry);
      // The first subscriber subscribes; later ones wait for that to be confirmed too.
      await (first ? queue(channel, () => subscriber.subscribe(channel)) : pending.get(channel));
      return () => {
        listeners.delete(entry);
        if (listeners.size > 0 || topics.get(topic) !== listeners) return;
        topics.delete(topic);
        void queue(channel, () => subscriber.unsubscribe(channel)).catch(() => {});
      };
    },
    async close() {
      topics.clear();
      await subscriber.quit().catch(() => {});
    },
  };
}
