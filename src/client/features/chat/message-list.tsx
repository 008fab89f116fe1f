import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '#client/lib/format-date.ts';
import type { ChatItem, ChatStatus } from './use-chat.ts';

// The Markdown renderer is its own chunk: the first page load stays within the bundle budget.
const MarkdownContent = lazy(() => import('./markdown-content.tsx'));

/** Spec 01-core §9: within 120 px of the bottom the list jumps, otherwise it scrolls smoothly. */
const NEAR_BOTTOM_PX = 120;
const SUGGESTIONS = ['one', 'two', 'three'] as const;

function PlainText({ text }: { text: string }) {
  return <p className="whitespace-pre-wrap break-words">{text}</p>;
}

function AssistantText({ text }: { text: string }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <MarkdownContent text={text} />
    </Suspense>
  );
}

function Bubble({ item }: { item: ChatItem }) {
  const { t } = useTranslation('chat');
  if (item.kind === 'error') {
    return (
      <div
        role="alert"
        className="max-w-[85%] self-start rounded-2xl border border-danger bg-[var(--danger-bg)]/20 px-4 py-3 text-danger"
      >
        {t('errorBubble')}
      </div>
    );
  }
  const mine = item.isUserMessage;
  return (
    <article
      className={`flex max-w-[85%] flex-col gap-1 rounded-2xl px-4 py-3 ${
        mine
          ? 'self-end bg-accent-strong text-white'
          : 'self-start border border-line bg-surface text-fg'
      }`}
      aria-label={mine ? t('message.you') : t('message.assistant')}
    >
      {mine ? <PlainText text={item.content} /> : <AssistantText text={item.content} />}
      <footer className={`text-xs ${mine ? 'text-white/80' : 'text-muted'}`}>
        <time dateTime={item.timestamp}>{formatTime(item.timestamp)}</time>
        {item.kind === 'stopped' ? ` · ${t('message.stopped')}` : null}
      </footer>
    </article>
  );
}

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
            <Bubble key={item.key} item={item} />
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
          {status === 'streaming' ? (
            <article
              data-streaming
              aria-label={t('message.assistant')}
              aria-busy
              className="max-w-[85%] self-start rounded-2xl border border-line bg-surface px-4 py-3 text-fg"
            >
              <PlainText text={streamText} />
            </article>
          ) : null}
        </div>
      )}
    </div>
  );
}
