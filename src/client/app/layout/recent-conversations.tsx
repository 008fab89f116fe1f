import { Loader2, Search, TextSearch } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { VirtualList } from '#client/components/ui/virtual-list.tsx';
import type { ConversationList, ConversationSummary } from '#client/lib/api/get-conversations.ts';

const SearchDialog = lazy(() => import('#client/features/search/search-dialog.tsx'));

/** One sidebar row: a single truncated line. */
const ROW_HEIGHT = 34;

/** Title shown for an untitled conversation (spec 01-core §3). */
export function ConversationTitle({ conversation }: { conversation: ConversationSummary }) {
  const { t } = useTranslation();
  return <>{conversation.title || t('conversations.untitled')}</>;
}

/** Opens the server-side search across all conversations (loaded on first use). */
function SearchAllButton({ userId, compact = false }: { userId: number; compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className={compact ? 'btn-ghost min-h-8 px-2' : 'btn-ghost min-h-9 w-full text-sm'}
        aria-haspopup="dialog"
        aria-label={compact ? t('conversations.searchAll') : undefined}
        title={t('conversations.searchAll')}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <TextSearch size={16} aria-hidden="true" />
        {compact ? null : t('conversations.searchAll')}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <SearchDialog userId={userId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The sidebar's conversations (spec 01-core §2, §5): a title filter (case-insensitive) over the
 * rows loaded so far, a virtualized list that loads older pages as it is scrolled, and a button
 * for the server-side search through every title and message.
 */
export function RecentConversations({ list, userId }: { list: ConversationList; userId: number }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const needle = query.trim().toLowerCase();
  const untitled = t('conversations.untitled');
  const shown = needle
    ? list.conversations.filter((item) => (item.title || untitled).toLowerCase().includes(needle))
    : list.conversations;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  let footer = null;
  if (isFetchingNextPage) {
    footer = (
      <p className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted" role="status">
        <Loader2 size={14} className="animate-spin" aria-hidden="true" />
        {t('conversations.loadingMore')}
      </p>
    );
  } else if (shown.length === 0 && !list.isLoading) {
    footer = (
      <p className="px-2 py-1.5 text-sm text-muted">
        {needle ? t('conversations.noMatches') : t('conversations.none')}
      </p>
    );
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex items-center px-2">
        <h2
          id={`${inputId}-heading`}
          className="flex-1 text-xs font-semibold tracking-wide text-muted uppercase"
        >
          {t('conversations.recent')}
        </h2>
        <SearchAllButton userId={userId} compact />
      </div>
      <div className="relative px-1">
        <Search
          size={14}
          className="absolute top-1/2 left-3 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <label htmlFor={inputId} className="sr-only">
          {t('conversations.searchLabel')}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('conversations.searchPlaceholder')}
          className="field-input py-1.5 pl-7 text-sm"
        />
      </div>
      <VirtualList
        testId="recent-conversations"
        label={t('conversations.recent')}
        className="flex-1 px-1"
        count={shown.length}
        rowHeight={ROW_HEIGHT}
        rowKey={(index) => shown[index]!.conversationId}
        // While filtering, only what is loaded is filtered; the full search is one click away.
        onEndReached={needle ? undefined : loadMore}
        renderRow={(index) => (
          <NavLink
            to={`/chat/${shown[index]!.conversationId}`}
            className="block truncate rounded-md px-2 py-1.5 text-sm text-fg hover:bg-surface-2 aria-[current=page]:bg-surface-2"
          >
            <ConversationTitle conversation={shown[index]!} />
          </NavLink>
        )}
        footer={footer}
      />
      {needle && hasNextPage ? (
        <div className="px-1">
          <SearchAllButton userId={userId} />
        </div>
      ) : null}
    </section>
  );
}
