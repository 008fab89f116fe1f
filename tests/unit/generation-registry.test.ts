import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryRegistry,
  REPLAY_GRACE_MS,
  type StreamEvent,
} from '#server/realtime/generation-registry.ts';

describe('generation registry', () => {
  it('replays what a reconnecting client missed, then delivers live events', async () => {
    const registry = createMemoryRegistry();
    const generation = await registry.claim('c1', 1);
    generation.publish('start', { n: 0 });
    generation.publish('delta', { text: 'a' });
    generation.publish('delta', { text: 'b' });
    const seen: StreamEvent[] = [];
    generation.subscribe(generation.event(1)!.id, (event) => seen.push(event));
    generation.publish('done', {});
    expect(seen.map((event) => event.data)).toEqual([{ text: 'b' }, {}]);
    // An id of another generation replays everything, with the ids the live readers saw.
    const all: StreamEvent[] = [];
    generation.subscribe('someone-else-3', (event) => all.push(event));
    expect(all.map(({ id, event, data }) => [id.split('-').pop(), event, data])).toEqual([
      ['1', 'start', { n: 0 }],
      ['2', 'delta', { text: 'a' }],
      ['3', 'delta', { text: 'b' }],
      ['4', 'done', {}],
    ]);
    expect(all[2]!.id).toBe(seen[0]!.id);
    expect(generation.text()).toBe('ab');
  });

  it('stops the running reply of the same user, and refuses another user', async () => {
    const registry = createMemoryRegistry();
    const first = await registry.claim('c2', 1);
    first.signal.addEventListener('abort', () => registry.release(first));
    await expect(registry.claim('c2', 2)).rejects.toMatchObject({ statusCode: 404 });
    expect(first.signal.aborted).toBe(false);
    const second = await registry.claim('c2', 1);
    expect(first.signal.aborted).toBe(true);
    expect(registry.find('c2')).toBe(second);
  });

  it("cancels every running reply of one user and leaves other users' replies running", async () => {
    const registry = createMemoryRegistry();
    const mine = [await registry.claim('u1', 7), await registry.claim('u2', 7)];
    const theirs = await registry.claim('u3', 8);
    // The runner settles a reply once its upstream request is aborted.
    for (const generation of [...mine, theirs]) {
      generation.signal.addEventListener('abort', () => registry.release(generation));
    }
    await registry.cancelUserReplies(7);
    expect(mine.map((generation) => [generation.cancelled, generation.ended])).toEqual([
      ['account-ended', true],
      ['account-ended', true],
    ]);
    expect(theirs.signal.aborted).toBe(false);
  });

  it('forgets a discarded generation at once', async () => {
    const registry = createMemoryRegistry();
    const generation = await registry.claim('c3', 1);
    registry.discard(generation);
    expect(registry.find('c3')).toBeUndefined();
    expect(generation.ended).toBe(true);
  });

  it('keeps an ended reply for the grace, and holds nothing of one the next turn replaced', async () => {
    vi.useFakeTimers();
    try {
      const registry = createMemoryRegistry();
      const first = await registry.claim('c4', 1);
      registry.release(first);
      vi.advanceTimersByTime(REPLAY_GRACE_MS / 2);
      // A page reloaded just after the end still finds it.
      expect(registry.find('c4')).toBe(first);
      const second = await registry.claim('c4', 1);
      registry.release(second);
      // One timer per conversation: the first reply's no longer keeps it (and its events) alive.
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(REPLAY_GRACE_MS / 2);
      expect(registry.find('c4')).toBe(second);
      vi.advanceTimersByTime(REPLAY_GRACE_MS / 2);
      expect(registry.find('c4')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
