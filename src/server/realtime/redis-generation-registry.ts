import type { Redis } from 'ioredis';
import { conversationNotFound } from '#server/ports/ownership.ts';
import {
  createMemoryRegistry,
  REPLAY_GRACE_MS,
  type GenerationRegistry,
} from './generation-registry.ts';
import type { LiveGeneration } from './live-generation.ts';
import type { PubSub } from './pubsub.ts';
import { isTerminal, type StreamEvent } from './reply-events.ts';
import {
  eventsKey,
  markerKey,
  ReplyMirror,
  type EventBatch,
  type GenerationMarker,
} from './reply-mirror.ts';
import { chatTopic, instanceTopic } from './topics.ts';

/** A running reply's marker lives this long unless its instance renews it (a crash lets it lapse). */
const RUNNING_TTL_MS = 30_000;
const HEARTBEAT_MS = 10_000;
/** How long a Stop or a deletion waits for another instance to end its reply. */
const REMOTE_STOP_WAIT_MS = 10_000;

interface Command {
  op: 'stop' | 'cancel';
  conversationId: string;
  tag: string;
}

/**
 * Renews, ends or deletes a marker (and the events list beside it) only while it still names
 * the generation `ARGV[1]`: a newer reply in the conversation is never touched.
 */
const UPDATE_IF_OURS = `
local current = redis.call('GET', KEYS[1])
if not current or cjson.decode(current).tag ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1], KEYS[2]) return 1 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

/**
 * The generation registry of several instances sharing one Redis (decision 065). Each reply is
 * written by the instance that started it, as in process (createMemoryRegistry); beside it,
 * Redis holds a marker per conversation (which instance, which user, ended or not), the reply's
 * events in a list (replay) and its chat topic (live events), and each instance listens on its
 * own topic for Stop and for deletions. Another instance serves a reader from a ReplyMirror.
 * The instance's own readers are served from memory as before, and the events reach Redis after
 * them, batched per event-loop turn: the first token does not wait for Redis.
 */
export async function createRedisRegistry(input: {
  redis: Redis;
  pubsub: PubSub;
  instanceId: string;
}): Promise<GenerationRegistry & { close(): void }> {
  const { redis, pubsub, instanceId } = input;
  const local = createMemoryRegistry();
  const running = new Set<LiveGeneration>();
  const flushers = new WeakMap<LiveGeneration, () => void>();

  const stopCommands = await pubsub.subscribe(instanceTopic(instanceId), (message) => {
    const { op, conversationId, tag } = message as Command;
    const live = local.find(conversationId);
    if (!live || live.tag !== tag || live.ended) return;
    if (op === 'cancel') live.cancel();
    else live.stop();
  });

  const markerOf = (generation: LiveGeneration, ended: boolean): string =>
    JSON.stringify({
      tag: generation.tag,
      userId: generation.userId,
      instance: instanceId,
      ended,
    } satisfies GenerationMarker);

  const updateIfOurs = (generation: LiveGeneration, marker: string, ttlMs: number) => {
    const { conversationId } = generation;
    redis
      .eval(
        UPDATE_IF_OURS,
        2,
        markerKey(conversationId),
        eventsKey(conversationId),
        generation.tag,
        marker,
        ttlMs,
      )
      .catch(() => {});
  };

  const heartbeat = setInterval(() => {
    for (const generation of running) {
      updateIfOurs(generation, markerOf(generation, false), RUNNING_TTL_MS);
    }
  }, HEARTBEAT_MS).unref();

  const readMarker = async (conversationId: string) => {
    const text = await redis.get(markerKey(conversationId));
    return text ? (JSON.parse(text) as GenerationMarker) : undefined;
  };

  /** Asks the instance writing the reply to stop (or cancel) it; resolves at its end. */
  const endRemote = async (
    conversationId: string,
    marker: GenerationMarker,
    op: Command['op'],
  ): Promise<ReplyMirror | undefined> => {
    const mirror = await ReplyMirror.open(redis, pubsub, conversationId, marker);
    if (mirror.ended) return undefined;
    pubsub.publish(instanceTopic(marker.instance), {
      op,
      conversationId,
      tag: marker.tag,
    } satisfies Command);
    let timer: NodeJS.Timeout | undefined;
    // An instance that died cannot answer; its marker lapses (RUNNING_TTL_MS) and we go on.
    await Promise.race([
      mirror.finished,
      new Promise((resolve) => (timer = setTimeout(resolve, REMOTE_STOP_WAIT_MS))),
    ]);
    clearTimeout(timer);
    mirror.close();
    return mirror;
  };

  /** Another instance's running reply in this conversation, if any. */
  const remoteRunning = async (conversationId: string) => {
    const marker = await readMarker(conversationId);
    return marker && !marker.ended && marker.instance !== instanceId ? marker : undefined;
  };

  const makeWay = async (conversationId: string, userId: number) => {
    await local.makeWay(conversationId, userId);
    const marker = await remoteRunning(conversationId);
    if (!marker) return;
    if (marker.userId !== userId) throw conversationNotFound();
    await endRemote(conversationId, marker, 'stop');
  };

  /** Mirrors a generation's events to Redis: one list append and one publish per batch. */
  const share = (generation: LiveGeneration) => {
    const { conversationId, tag } = generation;
    let batch: StreamEvent[] = [];
    let scheduled: NodeJS.Immediate | undefined;
    const flush = () => {
      clearImmediate(scheduled);
      scheduled = undefined;
      if (batch.length === 0) return;
      const events = batch;
      batch = [];
      const ttl = events.some(isTerminal) ? REPLAY_GRACE_MS : RUNNING_TTL_MS;
      const key = eventsKey(conversationId);
      redis
        .multi()
        .rpush(key, ...events.map((event) => JSON.stringify(event)))
        .pexpire(key, ttl)
        .exec()
        .catch(() => {});
      // After the append on the same connection: a mirror that sees it finds the list complete.
      pubsub.publish(chatTopic(conversationId), { tag, events } satisfies EventBatch);
    };
    flushers.set(generation, flush);
    generation.onPublish = (event) => {
      batch.push(event);
      scheduled ??= setImmediate(flush);
    };
  };

  return {
    makeWay,
    async claim(conversationId, userId) {
      // Only this instance's replies are waited for here: another instance's was stopped by
      // makeWay() before the turn stored anything, and asking Redis again would put a round
      // trip before the first token.
      const generation = await local.claim(conversationId, userId);
      running.add(generation);
      // Not awaited: queued on the connection before any of the reply's events.
      redis
        .multi()
        .set(markerKey(conversationId), markerOf(generation, false), 'PX', RUNNING_TTL_MS)
        .del(eventsKey(conversationId))
        .exec()
        .catch(() => {});
      share(generation);
      return generation;
    },
    async find(conversationId) {
      const marker = await readMarker(conversationId);
      const own = local.find(conversationId);
      // No marker: nothing runs elsewhere (a lapsed or unwritten marker leaves our own reply).
      if (!marker) return own;
      if (own?.tag === marker.tag) return own;
      if (marker.instance === instanceId) return undefined;
      const mirror = await ReplyMirror.open(redis, pubsub, conversationId, marker);
      // An ended reply whose events have lapsed has nothing left to replay.
      if (marker.ended && !mirror.ended) {
        mirror.close();
        return undefined;
      }
      return mirror;
    },
    async stop(conversationId) {
      const own = local.find(conversationId);
      if (own && !own.ended) return local.stop(conversationId);
      const marker = await remoteRunning(conversationId);
      return marker ? endRemote(conversationId, marker, 'stop') : undefined;
    },
    withRepliesCancelled(conversationId, userId, work) {
      return local.withRepliesCancelled(conversationId, userId, async () => {
        const marker = await remoteRunning(conversationId);
        // Only the user's own reply: nobody cancels someone else's.
        if (marker?.userId === userId) await endRemote(conversationId, marker, 'cancel');
        return work();
      });
    },
    cancelUserReplies: (userId) => local.cancelUserReplies(userId),
    release(generation) {
      flushers.get(generation)?.();
      running.delete(generation);
      local.release(generation);
      updateIfOurs(generation, markerOf(generation, true), REPLAY_GRACE_MS);
    },
    discard(generation) {
      flushers.get(generation)?.();
      running.delete(generation);
      local.discard(generation);
      updateIfOurs(generation, '', 0);
    },
    drain: (options) => local.drain(options),
    track: (task) => local.track(task),
    close() {
      clearInterval(heartbeat);
      stopCommands();
    },
  };
}
