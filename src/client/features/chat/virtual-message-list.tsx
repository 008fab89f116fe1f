import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type Components, type VirtuosoHandle } from 'react-virtuoso';
import { glideBehavior } from '#client/lib/appearance.ts';
import {
  MessageRow,
  NEAR_BOTTOM_PX,
  PENDING_KEY,
  ROW_CLASS,
  StreamingRow,
  TypingIndicator,
} from './message-rows.tsx';
import type { StreamText } from './stream-text.ts';
import { useTarget } from './use-hit-focus.ts';
import { useFirstItemIndex, useFollowsNewRows, useStickToEnd } from './use-list-position.ts';
import type { ChatItem, ChatStatus } from './chat-items.ts';

/** Spec 01-core §9: list overscan, viewport extension top and bottom (near bottom: NEAR_BOTTOM_PX). */
const OVERSCAN_PX = 200;
const VIEWPORT_EXTENSION_PX = { top: 100, bottom: 100 };

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
  const end = useStickToEnd(virtuoso, {
    follows: follows && !searching,
    atHit: targetIndex !== -1,
    lastKey: rows.at(-1)?.key,
  });
  const { followGrowth } = end;

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
      // Spec 01-core §4: a new message jumps to the bottom when within 120 px of it, else glides
      // (jumps too for readers who turned animations off or ask for reduced motion).
      // A newer page (below a search hit) stays where it arrives: the reader scrolls on.
      followOutput={(isAtBottom) =>
        searching || !follows ? false : isAtBottom ? 'auto' : glideBehavior()
      }
      atBottomThreshold={NEAR_BOTTOM_PX}
      atBottomStateChange={end.atEnd}
      totalListHeightChanged={end.heightChanged}
      scrollerRef={end.scrollerRef}
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
