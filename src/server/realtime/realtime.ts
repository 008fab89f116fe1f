import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createMemoryRegistry, type GenerationRegistry } from './generation-registry.ts';
import { createMemoryPubSub, type PubSub } from './pubsub.ts';
import { createRedisPubSub } from './redis-pubsub.ts';
import { createRedisRegistry } from './redis-generation-registry.ts';

export interface Realtime {
  /** Topics (topics.ts) heard by every instance; in process without Redis. */
  pubsub: PubSub;
  /** Replies being written (the chat), shared across instances on Redis. */
  generations: GenerationRegistry;
  close(): Promise<void>;
}

/**
 * The realtime layer of one instance: in process by default, on Redis when REDIS_URL is set
 * (redis.ts), so that instances sharing one PostgreSQL and one Redis behave as one
 * (docs/decisions/065-realtime-layer.md).
 */
export async function createRealtime(redis: Redis | undefined): Promise<Realtime> {
  if (!redis) {
    const pubsub = createMemoryPubSub();
    return { pubsub, generations: createMemoryRegistry(), close: () => pubsub.close() };
  }
  const pubsub = createRedisPubSub(redis);
  const generations = await createRedisRegistry({ redis, pubsub, instanceId: randomUUID() });
  return {
    pubsub,
    generations,
    close: async () => {
      generations.close();
      await pubsub.close();
    },
  };
}
