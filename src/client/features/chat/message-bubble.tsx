import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '#client/lib/format-date.ts';
import type { ChatItem } from './use-chat.ts';

// The Markdown renderer is its own chunk: the first page load stays within the bundle budget.
const MarkdownContent = lazy(() => import('./markdown-content.tsx'));

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

/** One message of the conversation (spec 01-core §4 "Message bubble"), or the error bubble. */
export function MessageBubble({ item }: { item: ChatItem }) {
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

/** The reply while its tokens arrive: plain text, so each frame renders cheaply. */
export function StreamingBubble({ text }: { text: string }) {
  const { t } = useTranslation('chat');
  return (
    <article
      data-streaming
      aria-label={t('message.assistant')}
      aria-busy
      className="max-w-[85%] self-start rounded-2xl border border-line bg-surface px-4 py-3 text-fg"
    >
      <PlainText text={text} />
    </article>
  );
}
