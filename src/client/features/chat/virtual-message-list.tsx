import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type Components, type VirtuosoHandle } from 'react-virtuoso';
import { MessageBubble, StreamingBubble, type MessageTarget } from './message-bubble.tsx';
import { useStreamText, type StreamText } from './stream-text.ts';
import type { ChatItem, ChatStatus } from './use-chat.ts';

/** Spec 01-core §9: near-bottom threshold, list overscan, viewport extension top and bottom. */
const NEAR_BOTTOM_PX = 120;
const OVERSCAN_PX = 200;
const VIEWPORT_EXTENSION_PX = { top: 100, bottom: 100 };
/** Virtuoso counts item positions from here so older pages can be put in front (prepended). */
const FIRST_INDEX = 10_000_000;
/** How long a search hit's message stays outlined after the list shows it. */
const HIGHLIGHT_MS = 3000;
/** Frames in which the focus may move to a search hit's message once the list shows it. */
const FOCUS_FRAMES = 60;

/** The typing indicator or the reply as it streams: the last row while a reply is pending. */
const PENDING_KEY = 'pending';
type Row = ChatItem | { key: typeof PENDING_KEY };

export interface VirtualMessageListProps {
  items: ChatItem[];
  status: ChatStatus;
  /** The reply streaming in: only its row subscribes, the list does not re-render per token. */
  streamText: StreamText;
  /** While the search overlay filters: the list shows these and does not follow new ones. */
  filtered: ChatItem[] | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** The list was opened at a search hit and ends before the conversation's newest message. */
  hasNewer: boolean;
  loadingNewer: boolean;
  onLoadNewer: () => void;
  /** A search hit's message (loaded): shown in the middle of the list, outlined and focused. */
  targetId?: number | null;
}

/**
 * Where the first item sits in Virtuoso's index space: lowered by the number of messages put in
 * front, so the messages in view stay where they are when an older page arrives.
 */
function useFirstItemIndex(items: ChatItem[]) {
  const state = useRef({ firstKey: items[0]?.key, index: FIRST_INDEX });
  const firstKey = items[0]?.key;
  if (firstKey !== state.current.firstKey) {
    const shift = items.findIndex((item) => item.key === state.current.firstKey);
    if (shift > 0) state.current.index -= shift;
    state.current.firstKey = firstKey;
  }
  return state.current.index;
}

interface ListContext {
  showOlder: boolean;
  loadingOlder: boolean;
  showNewer: boolean;
  loadingNewer: boolean;
}

/** Where a page is being loaded: the status line at the top (older) or the bottom (newer). */
function PageStatus({ loading, label }: { loading: boolean; label: string }) {
  return (
    <p role="status" className="py-3 text-center text-sm text-muted">
      {loading ? label : '\u00a0'}
    </p>
  );
}

/**
 * Whether rows added at the end are new messages the list follows, not a newer page it was opened
 * before (a search hit's list): true when the rows before them reached the conversation's end.
 */
function useFollowsNewRows(items: ChatItem[], hasNewer: boolean) {
  const lastKey = items.at(-1)?.key;
  const state = useRef({ lastKey, hasNewer, follows: !hasNewer });
  if (lastKey !== state.current.lastKey) state.current.follows = !state.current.hasNewer;
  state.current.lastKey = lastKey;
  state.current.hasNewer = hasNewer;
  return state;
}

/** Stable components (Virtuoso remounts ones created during render): state comes as context. */
const LIST_COMPONENTS: Components<Row, ListContext> = {
  Header: function OlderMessages({ context }) {
    const { t } = useTranslation('chat');
    if (!context?.showOlder) return <div className="h-4" />;
    return <PageStatus loading={context.loadingOlder} label={t('list.loadingOlder')} />;
  },
  Footer: function NewerMessages({ context }) {
    const { t } = useTranslation('chat');
    if (!context?.showNewer) return <div className="h-4" />;
    return <PageStatus loading={context.loadingNewer} label={t('list.loadingNewer')} />;
  },
};

const ROW_CLASS = 'mx-auto flex max-w-3xl flex-col px-3 py-1.5 md:px-6';

/**
 * A stored message's row. Memoized: while a reply streams the list renders every frame, and only
 * the streaming row may do work then (Markdown of the other rows is not parsed again).
 */
const MessageRow = memo(function MessageRow({
  item,
  target,
}: {
  item: ChatItem;
  target?: MessageTarget | undefined;
}) {
  return (
    <div className={ROW_CLASS}>
      <MessageBubble item={item} target={target} />
    </div>
  );
});

/**
 * Scrolls to a search hit's message when it changes (on mount `initialTopMostItemIndex` does),
 * outlines it for a moment and moves the focus to it once, so keyboard and screen reader users
 * land on it too. `index`: its position in the rows, -1 while it is not among them.
 */
function useTarget(
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
  const indexRef = useRef(index);
  indexRef.current = index;
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
  }, [targetId, present, virtuoso, focusBubble]);

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

/** The reply as it streams; `onGrow` after each committed piece of text. */
function StreamingRow({ stream, onGrow }: { stream: StreamText; onGrow: () => void }) {
  const text = useStreamText(stream);
  useEffect(() => {
    if (text !== '') onGrow();
  }, [text, onGrow]);
  return <StreamingBubble text={text} />;
}

function TypingIndicator() {
  const { t } = useTranslation('chat');
  return (
    <div
      role="status"
      className="self-start rounded-2xl border border-line bg-surface px-4 py-3 text-muted"
    >
      <span className="inline-flex gap-1" aria-hidden>
        <span className="size-2 animate-bounce rounded-full bg-muted" />
        <span className="size-2 animate-bounce rounded-full bg-muted [animation-delay:150ms]" />
        <span className="size-2 animate-bounce rounded-full bg-muted [animation-delay:300ms]" />
      </span>
      <span className="sr-only">{t('typing')}</span>
    </div>
  );
}

/**
 * The messages of a conversation, virtualized: only the rows in and near the viewport are in the
 * DOM, so ten thousand messages cost what twenty do. Opens at the newest message, loads older
 * pages when the top is reached, and follows new messages (spec 01-core §4 "List scrolling").
 */
export default function VirtualMessageList({
  items,
  status,
  streamText,
  filtered,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  hasNewer,
  loadingNewer,
  onLoadNewer,
  targetId = null,
}: VirtualMessageListProps) {
  const { t } = useTranslation('chat');
  const virtuoso = useRef<VirtuosoHandle>(null);
  const atBottom = useRef(true);
  const firstItemIndex = useFirstItemIndex(items);
  const follows = useFollowsNewRows(items, hasNewer);
  const searching = filtered !== null;
  const pending = status !== 'idle' && !searching;
  const rows: Row[] = searching ? filtered : pending ? [...items, { key: PENDING_KEY }] : items;
  // The pending row comes last, so a message's index in the items is its index in the rows.
  const targetIndex = useMemo(
    () => (targetId === null || searching ? -1 : items.findIndex((item) => item.id === targetId)),
    [items, targetId, searching],
  );
  const { highlighted, focusOnce } = useTarget(targetId, targetIndex, virtuoso);

  // A growing reply keeps the list at the bottom while the reader is there; scrolled up, it stays.
  const followGrowth = useCallback(() => {
    if (atBottom.current) virtuoso.current?.autoscrollToBottom();
  }, []);

  const renderRow = useCallback(
    (_: number, row: Row) =>
      'id' in row ? (
        <MessageRow
          item={row}
          target={
            row.id !== null && row.id === targetId
              ? { highlighted: highlighted === targetId, ref: focusOnce }
              : undefined
          }
        />
      ) : (
        <div className={ROW_CLASS}>
          {status === 'streaming' ? (
            <StreamingRow stream={streamText} onGrow={followGrowth} />
          ) : (
            <TypingIndicator />
          )}
        </div>
      ),
    [status, streamText, followGrowth, targetId, highlighted, focusOnce],
  );

  return (
    <Virtuoso
      key={searching ? 'search' : 'conversation'}
      ref={virtuoso}
      role="log"
      aria-label={t('list.label')}
      className="min-h-0 flex-1"
      data={rows}
      computeItemKey={(_, row) => row.key}
      itemContent={renderRow}
      // The conversation opens at its newest message, or at a search hit's message in the middle;
      // the in-chat search results read from the first match.
      {...(searching
        ? {}
        : {
            firstItemIndex,
            initialTopMostItemIndex:
              targetIndex === -1
                ? ({ index: 'LAST', align: 'end' } as const)
                : ({ index: targetIndex, align: 'center' } as const),
          })}
      // Spec 01-core §4: a new message jumps to the bottom when within 120 px of it, else glides.
      // A newer page (below a search hit) stays where it arrives: the reader scrolls on.
      followOutput={(isAtBottom) =>
        searching || !follows.current.follows ? false : isAtBottom ? 'auto' : 'smooth'
      }
      atBottomThreshold={NEAR_BOTTOM_PX}
      atBottomStateChange={(bottom) => {
        atBottom.current = bottom;
      }}
      overscan={OVERSCAN_PX}
      increaseViewportBy={VIEWPORT_EXTENSION_PX}
      startReached={() => {
        if (hasOlder && !searching) onLoadOlder();
      }}
      endReached={() => {
        if (hasNewer && !searching) onLoadNewer();
      }}
      context={{
        showOlder: hasOlder && !searching,
        loadingOlder,
        showNewer: hasNewer && !searching,
        loadingNewer,
      }}
      components={LIST_COMPONENTS}
    />
  );
}
