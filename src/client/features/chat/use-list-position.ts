import { useState } from 'react';
import type { ChatItem } from './chat-items.ts';

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
 * before (a search hit's list): true when the rows before them reached the conversation's end.
 */
export function useFollowsNewRows(items: ChatItem[], hasNewer: boolean) {
  const lastKey = items.at(-1)?.key;
  const [state, setState] = useState({ lastKey, hasNewer, follows: !hasNewer });
  if (lastKey === state.lastKey && hasNewer === state.hasNewer) return state.follows;
  const follows = lastKey !== state.lastKey ? !state.hasNewer : state.follows;
  setState({ lastKey, hasNewer, follows });
  return follows;
}
