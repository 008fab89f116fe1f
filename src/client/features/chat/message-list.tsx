import { Sparkles } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBubble, StreamingBubble } from './message-bubble.tsx';
import type { ChatItem, ChatStatus } from './use-chat.ts';

/** Spec 01-core §9: within 120 px of the bottom the list jumps, otherwise it scrolls smoothly. */
const NEAR_BOTTOM_PX = 120;
const SUGGESTIONS = ['one', 'two', 'three'] as const;

/** The message list with its empty state, typing indicator and the reply as it streams. */
export function MessageList({
  items,
  status,
  streamText,
  onSuggestion,
}: {
  items: ChatItem[];
  status: ChatStatus;
  streamText: string;
  onSuggestion: (text: string) => void;
}) {
  const { t } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (distance <= NEAR_BOTTOM_PX) element.scrollTop = element.scrollHeight;
    else element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
  }, [items.length, status, streamText]);

  const empty = items.length === 0 && status === 'idle';

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 md:px-6">
      {empty ? (
        <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
          <Sparkles aria-hidden className="size-10 text-accent" />
          <h1 className="text-2xl font-semibold text-fg">{t('empty.title')}</h1>
          <p className="text-muted">{t('empty.text')}</p>
          <ul className="flex w-full flex-col gap-2">
            {SUGGESTIONS.map((key) => (
              <li key={key}>
                <button
                  type="button"
                  className="btn-outline w-full justify-start text-left"
                  onClick={() => onSuggestion(t(`empty.suggestions.${key}`))}
                >
                  {t(`empty.suggestions.${key}`)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="mx-auto flex max-w-3xl flex-col gap-3" aria-live="polite">
          {items.map((item) => (
            <MessageBubble key={item.key} item={item} />
          ))}
          {status === 'waiting' ? (
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
          ) : null}
          {status === 'streaming' ? <StreamingBubble text={streamText} /> : null}
        </div>
      )}
    </div>
  );
}
