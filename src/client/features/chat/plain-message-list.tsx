import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { glideBehavior } from '#client/lib/appearance.ts';
import {
  MessageRow,
  NEAR_BOTTOM_PX,
  ROW_CLASS,
  StreamingRow,
  TypingIndicator,
} from './message-rows.tsx';
import type { ChatItem, ChatStatus } from './chat-items.ts';
import type { StreamText } from './stream-text.ts';

export interface PlainMessageListProps {
  items: ChatItem[];
  status: ChatStatus;
  streamText: StreamText;
}

/**
 * A short conversation's messages, all in the DOM, without the virtualized list's chunk
 * (react-virtuoso, about 20 KB gzip): below PLAIN_LIST_MAX messages there is nothing to save by
 * virtualizing (decision 283). It behaves as the virtualized list does for such a conversation
 * (spec 01-core §4 "List scrolling"): opens at the newest message, a new message jumps to the
 * bottom when the reader is within NEAR_BOTTOM_PX of it and glides there otherwise (jumps for
 * readers who turned animations off or ask for reduced motion, decision 297), and a
 * growing reply (or a reply whose Markdown, code highlighting or image arrives) keeps the list at
 * the bottom only while the reader is there.
 */
export default function PlainMessageList({ items, status, streamText }: PlainMessageListProps) {
  const { t } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const pending = status !== 'idle';
  const rowCount = items.length + (pending ? 1 : 0);

  const toBottom = useCallback((behavior: ScrollBehavior) => {
    const element = scroller.current;
    if (element) element.scrollTo({ top: element.scrollHeight, behavior });
  }, []);
  const followGrowth = useCallback(() => {
    if (atBottom.current) toBottom('auto');
  }, [toBottom]);

  // A row added (a message sent or received, the typing indicator): followed, as Virtuoso does.
  const shownRows = useRef(0);
  useLayoutEffect(() => {
    if (rowCount > shownRows.current) toBottom(atBottom.current ? 'auto' : glideBehavior());
    shownRows.current = rowCount;
  }, [rowCount, toBottom]);

  // Content that grows after it rendered (Markdown, highlighting, images) while at the bottom.
  useLayoutEffect(() => {
    const content = scroller.current?.firstElementChild;
    if (!content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(followGrowth);
    observer.observe(content);
    return () => observer.disconnect();
  }, [followGrowth]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={t('list.label')}
      className="min-h-0 flex-1 overflow-y-auto"
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current =
          element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;
      }}
    >
      <div className="py-4">
        {items.map((item) => (
          <MessageRow key={item.key} item={item} />
        ))}
        {pending ? (
          <div className={ROW_CLASS}>
            {status === 'streaming' ? (
              <StreamingRow stream={streamText} onGrow={followGrowth} />
            ) : (
              <TypingIndicator />
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}
