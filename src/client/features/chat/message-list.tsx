import { Sparkles } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatItem } from './chat-items.ts';
import { loadPlainList } from './conversation-chunks.ts';
import type { VirtualMessageListProps } from './virtual-message-list.tsx';

const SUGGESTIONS = ['one', 'two', 'three'] as const;
/** Rows shown while the list (or something in it) loads: more than a screen fits. */
const PLAIN_ROWS = 20;

/**
 * Up to this many messages, with the whole conversation loaded, the list is plain (every row in
 * the DOM); past it, or opened at a search hit or with pages still to load, it is virtualized.
 * A screen shows 5–10 messages: 40 is a long chat's first page and still cheap to lay out.
 */
export const PLAIN_LIST_MAX = 40;

/**
 * Both lists are chunks of their own: a new chat's first screen (the empty state) needs neither,
 * and a short conversation never loads the virtualized one (react-virtuoso; decision 283). A new
 * chat fetches the plain list when the user starts writing (the composer's first input); a
 * conversation fetches its list when it first renders.
 */
export const preloadMessageList = () => void loadPlainList();
const PlainMessageList = lazy(loadPlainList);
const VirtualMessageList = lazy(() => import('./virtual-message-list.tsx'));

/** Whether the conversation as shown is short and whole, so nothing is gained by virtualizing. */
const isShort = (list: VirtualMessageListProps) =>
  list.items.length <= PLAIN_LIST_MAX &&
  !list.hasOlder &&
  !list.hasNewer &&
  list.filtered === null &&
  (list.targetId ?? null) === null;

function EmptyState({ onSuggestion }: { onSuggestion: (text: string) => void }) {
  const { t } = useTranslation('chat');
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 md:px-6">
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
    </div>
  );
}

/**
 * The newest messages as plain text, bottom-aligned, while the list's chunk (with the bubbles,
 * kept out of the first load) arrives or a row inside it suspends.
 */
function PlainRows({ items }: { items: ChatItem[] }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex min-h-0 flex-1 flex-col justify-end overflow-hidden py-4" aria-busy="true">
      {items.slice(-PLAIN_ROWS).map((item) => (
        <div key={item.key} className="mx-auto flex w-full max-w-3xl flex-col px-3 py-1.5 md:px-6">
          <article
            aria-label={item.isUserMessage ? t('message.you') : t('message.assistant')}
            className={`max-w-[85%] rounded-2xl px-4 py-3 whitespace-pre-wrap ${
              item.isUserMessage
                ? 'self-end bg-accent-strong text-white'
                : 'self-start border border-line bg-surface text-fg'
            }`}
          >
            {item.content}
          </article>
        </div>
      ))}
    </div>
  );
}

function NoMatches() {
  const { t } = useTranslation('chat');
  return (
    <p role="status" className="min-h-0 flex-1 px-3 py-12 text-center text-muted">
      {t('search.noMatches')}
    </p>
  );
}

/** The message list: the empty state of a new chat, or the conversation's messages. */
export function MessageList({
  onSuggestion,
  windowKey,
  ...list
}: VirtualMessageListProps & { onSuggestion: (text: string) => void; windowKey: number }) {
  if (list.items.length === 0 && list.status === 'idle') {
    return <EmptyState onSuggestion={onSuggestion} />;
  }
  if (list.filtered?.length === 0) return <NoMatches />;
  return (
    <Suspense fallback={<PlainRows items={list.filtered ?? list.items} />}>
      {isShort(list) ? (
        <PlainMessageList items={list.items} status={list.status} streamText={list.streamText} />
      ) : (
        // Other messages than before (a search hit's page, the newest after a send): opened anew.
        <VirtualMessageList key={windowKey} {...list} />
      )}
    </Suspense>
  );
}
