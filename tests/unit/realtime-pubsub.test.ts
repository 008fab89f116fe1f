import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryPubSub, type PubSub } from '#server/realtime/pubsub.ts';
import { createRedisPubSub } from '#server/realtime/redis-pubsub.ts';
import { connectRedis } from '#server/redis.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const opened: { redis: Redis; pubsub: PubSub }[] = [];

/** An instance's realtime connection; instances with one prefix act as one deployment. */
async function instance(prefix: string) {
  const redis = await connectRedis(REDIS_URL, prefix);
  const pubsub = createRedisPubSub(redis);
  opened.push({ redis, pubsub });
  return pubsub;
}

afterAll(async () => {
  for (const { redis, pubsub } of opened) {
    await pubsub.close();
    await redis.quit();
  }
});

const received = (pubsub: PubSub, topic: string) => {
  const messages: unknown[] = [];
  const next = () =>
    new Promise<unknown>((resolve) => {
      const check = () => (messages.length > 0 ? resolve(messages.shift()) : setTimeout(check, 5));
      check();
    });
  return {
    subscribed: pubsub.subscribe(topic, (message) => messages.push(message)),
    messages,
    next,
  };
};

describe('the realtime publish/subscribe layer', () => {
  it('in process hands the message itself to every subscriber, until it unsubscribes', async () => {
    const pubsub = createMemoryPubSub();
    const message = { text: 'hi' };
    const seen: unknown[] = [];
    const unsubscribe = await pubsub.subscribe('chat:a', (value) => seen.push(value));
    pubsub.publish('chat:a', message);
    pubsub.publish('chat:b', { text: 'elsewhere' });
    unsubscribe();
    pubsub.publish('chat:a', { text: 'after' });
    expect(seen).toEqual([message]);
    expect(seen[0]).toBe(message);
  });

  it('on Redis reaches every instance of the deployment, in order, and no other deployment', async () => {
    const prefix = `orbit-test-${randomBytes(6).toString('hex')}:`;
    const [one, two, stranger] = await Promise.all([
      instance(prefix),
      instance(prefix),
      instance(`orbit-test-${randomBytes(6).toString('hex')}:`),
    ]);
    const onTwo = received(two, 'chat:x');
    const onStranger = received(stranger, 'chat:x');
    await Promise.all([onTwo.subscribed, onStranger.subscribed]);
    one.publish('chat:x', { n: 1 });
    one.publish('chat:x', { n: 2 });
    expect(await onTwo.next()).toEqual({ n: 1 });
    expect(await onTwo.next()).toEqual({ n: 2 });
    // A marker message through the stranger's own deployment arrives; ours never did.
    stranger.publish('chat:x', { n: 'own' });
    expect(await onStranger.next()).toEqual({ n: 'own' });
    expect(onStranger.messages).toEqual([]);
  });
});
