import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import type { ChatItem } from './chat-items.ts';
import { NEAR_BOTTOM_PX } from './message-rows.tsx';

/** Virtuoso counts item positions from here so older pages can be put in front (prepended). */
const FIRST_INDEX = 10_000_000;

/**
 * Where the first item sits in Virtuoso's index space: lowered by the number of messages put in
 * front, so the messages in view stay where they are when an older page arrives. Adjusted while
 * rendering (React's pattern for state derived from a previous render), so the list never sees
 * the new items with the old index.
 */
export function useFirstItemIndex(items: ChatItem[]) {
  const firstKey = items[0]?.key;
  const [state, setState] = useState({ firstKey, index: FIRST_INDEX });
  if (firstKey === state.firstKey) return state.index;
  const shift = items.findIndex((item) => item.key === state.firstKey);
  const next = { firstKey, index: shift > 0 ? state.index - shift : state.index };
  setState(next);
  return next.index;
}

/**
 * Whether rows added at the end are new messages the list follows, not a newer page it was opened
 * before (a search hit's list): true when the rows before them reached the conversation's end. A
 * list whose last row went (an edit or a regenerate cut it there, or a page replaced it) ends
 * where the conversation now ends unless it has newer pages: its new rows are followed.
 */
export function useFollowsNewRows(items: ChatItem[], hasNewer: boolean) {
  const lastKey = items.at(-1)?.key;
  const [state, setState] = useState({ lastKey, hasNewer, follows: !hasNewer });
  if (lastKey === state.lastKey && hasNewer === state.hasNewer) return state.follows;
  const appended = items.some((item) => item.key === state.lastKey);
  const follows =
    lastKey === state.lastKey ? state.follows : appended ? !state.hasNewer : !hasNewer;
  setState({ lastKey, hasNewer, follows });
  return follows;
}

/** How long after the reader's own input (wheel, touch, keys, scrollbar) a scroll counts as theirs. */
const READER_SCROLL_MS = 500;

/**
 * Keeps the list at its newest message while the reader has not scrolled away from it. Virtuoso
 * follows new rows and a shrinking viewport, but rows measured anew in the frames around them (a
 * send refused at once, the limit panel opening) can leave it hundreds of pixels above the end
 * (decision 293).
 * The wish to stay at the end is the reader's, so only their own scrolling ends it (or a list
 * opened at a search hit); reaching the end, or a new last row (which the list follows, spec
 * 01-core §4), starts it again. `follows`: new rows at the end are new messages, not a page.
 */
export function useStickToEnd(
  virtuoso: RefObject<VirtuosoHandle | null>,
  { follows, atHit, lastKey }: { follows: boolean; atHit: boolean; lastKey: string | undefined },
) {
  const stick = useRef(!atHit);
  const readerInputAt = useRef(0);
  const detach = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (atHit) stick.current = false;
  }, [atHit]);
  const seenLastKey = useRef(lastKey);
  useEffect(() => {
    if (follows && lastKey !== seenLastKey.current) stick.current = true;
    seenLastKey.current = lastKey;
  }, [follows, lastKey]);

  const scrollerRef = useCallback((element: HTMLElement | Window | null) => {
    detach.current?.();
    detach.current = null;
    if (!(element instanceof HTMLElement)) return;
    const input = () => {
      readerInputAt.current = performance.now();
    };
    const scrolled = () => {
      if (performance.now() - readerInputAt.current > READER_SCROLL_MS) return;
      stick.current =
        element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;
    };
    const inputs = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    for (const name of inputs) element.addEventListener(name, input, { passive: true });
    element.addEventListener('scroll', scrolled, { passive: true });
    detach.current = () => {
      for (const name of inputs) element.removeEventListener(name, input);
      element.removeEventListener('scroll', scrolled);
    };
  }, []);

  /** Virtuoso's `totalListHeightChanged`: rows were added, removed or measured anew. */
  const heightChanged = useCallback(() => {
    if (follows && stick.current) {
      virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
    }
  }, [follows, virtuoso]);

  /** A growing reply keeps the list at the end while the reader is there; scrolled up, it stays. */
  const followGrowth = useCallback(() => {
    if (stick.current) virtuoso.current?.autoscrollToBottom();
  }, [virtuoso]);

  /** Virtuoso's `atBottomStateChange`. */
  const atEnd = useCallback((bottom: boolean) => {
    if (bottom) stick.current = true;
  }, []);

  return { scrollerRef, heightChanged, followGrowth, atEnd };
}
