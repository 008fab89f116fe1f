import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatItem } from '#client/features/chat/chat-items.ts';
import { useFollowsNewRows } from '#client/features/chat/use-list-position.ts';

const row = (id: number, isUserMessage = id % 2 === 1): ChatItem => ({
  key: `m-${id}`,
  id,
  content: `Nachricht ${id}`,
  isUserMessage,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(),
  kind: 'message',
  feedback: null,
});

const rows = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => row(from + index));

/** A list opened at a search hit: messages 40–60 of a conversation that goes on to 100. */
function atSearchHit() {
  return renderHook(
    ({ items, hasNewer }: { items: ChatItem[]; hasNewer: boolean }) =>
      useFollowsNewRows(items, hasNewer),
    { initialProps: { items: rows(40, 60), hasNewer: true } },
  );
}

describe('whether the list follows rows added at its end (issue #5, decision 293)', () => {
  it('does not follow a newer page of a list opened at a search hit', () => {
    const list = atSearchHit();
    expect(list.result.current).toBe(false);
    list.rerender({ items: rows(40, 80), hasNewer: true });
    expect(list.result.current).toBe(false);
  });

  it('follows the reply to a message edited there: the edit cut the list, which now ends at the conversation’s end', () => {
    const list = atSearchHit();
    const edited = { ...row(45), key: 'local-1', id: null };
    list.rerender({ items: [...rows(40, 44), edited], hasNewer: false });
    expect(list.result.current).toBe(true);
  });

  it('follows a regenerated reply: the list cut at the reply ends at the conversation’s end', () => {
    const list = atSearchHit();
    list.rerender({ items: rows(40, 51), hasNewer: false });
    expect(list.result.current).toBe(true);
  });

  it('follows new messages once the pages reached the end', () => {
    const list = atSearchHit();
    list.rerender({ items: rows(40, 100), hasNewer: false });
    list.rerender({ items: rows(40, 101), hasNewer: false });
    expect(list.result.current).toBe(true);
  });
});
