import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { useLatest } from '#client/lib/use-latest.ts';

/** How long a search hit's message stays outlined after the list shows it. */
const HIGHLIGHT_MS = 3000;
/** Frames in which the focus may move to a search hit's message once the list shows it. */
const FOCUS_FRAMES = 60;

/**
 * Scrolls to a search hit's message when it changes (on mount `initialTopMostItemIndex` does),
 * outlines it for a moment and moves the focus to it once, so keyboard and screen reader users
 * land on it too. `index`: its position in the rows, -1 while it is not among them.
 */
export function useTarget(
  targetId: number | null,
  index: number,
  virtuoso: RefObject<VirtuosoHandle | null>,
) {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const shown = useRef<number | null>(null);
  const mounted = useRef(false);
  /** The target's bubble while it is rendered; the focus goes to it once it is. */
  const bubble = useRef<HTMLElement | null>(null);
  /** Frames left to try the focus in (0: none pending). */
  const focusTries = useRef(0);
  const focusBubble = useCallback(function tryFocus() {
    const element = bubble.current;
    if (!element || focusTries.current === 0) return;
    element.focus({ preventScroll: true });
    // Virtuoso keeps its rows hidden (not focusable) until it has reached its first position.
    if (document.activeElement === element) focusTries.current = 0;
    else if (--focusTries.current > 0) requestAnimationFrame(tryFocus);
  }, []);
  const indexRef = useLatest(index);
  const present = index !== -1;

  useEffect(() => {
    const wasMounted = mounted.current;
    mounted.current = true;
    if (targetId === null || !present || shown.current === targetId) return;
    shown.current = targetId;
    if (wasMounted) virtuoso.current?.scrollToIndex({ index: indexRef.current, align: 'center' });
    // Rendered already (the list opened at it) or when it scrolls into view (the ref below).
    focusTries.current = FOCUS_FRAMES;
    focusBubble();
    setHighlighted(targetId);
  }, [targetId, present, virtuoso, focusBubble, indexRef]);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  /** The target bubble's ref: focused once, without scrolling the list. */
  const focusOnce = useCallback(
    (element: HTMLElement | null) => {
      bubble.current = element;
      focusBubble();
    },
    [focusBubble],
  );

  return { highlighted, focusOnce };
}
