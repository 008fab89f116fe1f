import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBubble, StreamingBubble, type MessageTarget } from './message-bubble.tsx';
import { useStreamText, type StreamText } from './stream-text.ts';
import type { ChatItem } from './chat-items.ts';

/** Spec 01-core §9: within this distance of the bottom a list follows what is added at once. */
export const NEAR_BOTTOM_PX = 120;

/** The typing indicator or the reply as it streams: the last row while a reply is pending. */
export const PENDING_KEY = 'pending';

export const ROW_CLASS = 'mx-auto flex max-w-3xl flex-col px-3 py-1.5 md:px-6';

/**
 * A stored message's row. Memoized: while a reply streams the list renders every frame, and only
 * the streaming row may do work then (Markdown of the other rows is not parsed again).
 */
export const MessageRow = memo(function MessageRow({
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

/** The reply as it streams; `onGrow` after each committed piece of text. */
export function StreamingRow({ stream, onGrow }: { stream: StreamText; onGrow: () => void }) {
  const text = useStreamText(stream);
  useEffect(() => {
    if (text !== '') onGrow();
  }, [text, onGrow]);
  return <StreamingBubble text={text} />;
}

export function TypingIndicator() {
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
