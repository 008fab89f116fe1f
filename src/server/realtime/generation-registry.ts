import type { GenerationControl } from '#server/ports/generations.ts';
import { conversationNotFound } from '#server/ports/ownership.ts';
import { LiveGeneration } from './live-generation.ts';
import type { ReplyEvents } from './reply-events.ts';

/**
 * Replies being written, by conversation (docs/decisions/040-chat-engine.md, 065). In process
 * by default (createMemoryRegistry); on Redis (redis-generation-registry.ts) several instances
 * act as one: a reply started on one is followed, replayed and stopped through any other.
 */
export interface GenerationRegistry extends GenerationControl {
  /**
   * Waits until a new turn may begin in the conversation: a deletion under way has finished and
   * the user's own running reply is stopped and stored (so the history stays in order). Refuses
   * (404) when another user's reply runs there. Changes nothing, so a request that its ownership
   * check then refuses leaves every other user's reply and replay as they were (issue 15 item 6).
   */
  makeWay(conversationId: string, userId: number): Promise<void>;
  /**
   * Starts the generation of a turn whose ownership is checked, first stopping (and awaiting) one
   * still running in this process. Refuses (404) when another user's reply is running there.
   * Call makeWay() first for a conversation that exists: it also reaches other instances.
   */
  claim(conversationId: string, userId: number): Promise<LiveGeneration>;
  /** The running or recently finished generation of a conversation (a promise on Redis). */
  find(conversationId: string): ReplyEvents | undefined | Promise<ReplyEvents | undefined>;
  /** Stops the running generation; resolves when its partial reply is stored. */
  stop(conversationId: string): Promise<ReplyEvents | undefined>;
  /** Marks a generation finished; it stays replayable for a short grace period. */
  release(generation: LiveGeneration): void;
  /** Ends a generation that never started (the request was refused) and forgets it at once. */
  discard(generation: LiveGeneration): void;
  /**
   * Cancels the user's replies running in this process (an administrator suspended or deleted
   * the account): their upstream requests are aborted at once and nothing more is stored. The
   * notice that ends the user's sessions reaches every instance (live-connections.ts).
   */
  cancelUserReplies(userId: number): Promise<void>;
  /** Waits for running generations and background work (shutdown). */
  drain(options: { stopAfterMs: number }): Promise<void>;
  /** Keeps work that outlives a request (titles) visible to drain(). */
  track(task: Promise<unknown>): void;
}

/** The in-process registry; its find() answers at once, from this process alone. */
export interface MemoryRegistry extends GenerationRegistry {
  find(conversationId: string): LiveGeneration | undefined;
}

/** A reloaded page that asks just after the end still gets the final event. */
export const REPLAY_GRACE_MS = 60_000;

export function createMemoryRegistry(): MemoryRegistry {
  const generations = new Map<string, LiveGeneration>();
  /** Each conversation's ended reply leaves the map REPLAY_GRACE_MS after its end. */
  const graceTimers = new Map<string, NodeJS.Timeout>();
  /** Conversations being deleted: new turns wait for the deletion to finish. */
  const closing = new Map<string, Promise<unknown>>();
  const tasks = new Set<Promise<unknown>>();

  const stop = async (conversationId: string) => {
    const live = generations.get(conversationId);
    if (!live || live.ended) return undefined;
    live.stop();
    await live.settled;
    return live;
  };

  /** Loops: another request may have claimed or begun deleting while we waited. */
  const makeWay = async (conversationId: string, userId: number) => {
    for (;;) {
      const deletion = closing.get(conversationId);
      if (deletion) {
        await deletion.catch(() => {});
        continue;
      }
      const live = generations.get(conversationId);
      if (!live || live.ended) return;
      if (live.userId !== userId) throw conversationNotFound();
      await stop(conversationId);
    }
  };

  return {
    makeWay,
    async claim(conversationId, userId) {
      const deletion = closing.get(conversationId);
      if (deletion) {
        // Begun after the turn made way and stored its message: both are gone with it, and the
        // provider is not asked to answer into a deleted conversation.
        await deletion.catch(() => {});
        throw conversationNotFound();
      }
      await makeWay(conversationId, userId);
      // Created in the same tick as makeWay's last check.
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
      // The timer names the conversation, not the reply: a reply the next turn replaces is
      // freed then, not held with all its events for the rest of the grace.
      const { conversationId } = generation;
      clearTimeout(graceTimers.get(conversationId));
      const timer = setTimeout(() => {
        graceTimers.delete(conversationId);
        if (generations.get(conversationId)?.ended) generations.delete(conversationId);
      }, REPLAY_GRACE_MS).unref();
      graceTimers.set(conversationId, timer);
    },
    discard(generation) {
      generation.end();
      if (generations.get(generation.conversationId) === generation) {
        generations.delete(generation.conversationId);
      }
    },
    async cancelUserReplies(userId) {
      const own = [...generations.values()].filter(
        (generation) => !generation.ended && generation.userId === userId,
      );
      for (const generation of own) generation.cancel('account-ended');
      await Promise.all(own.map((generation) => generation.settled));
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
export type { StreamEvent, StreamListener } from './reply-events.ts';
