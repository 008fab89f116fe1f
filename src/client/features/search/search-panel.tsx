import { useInfiniteQuery } from '@tanstack/react-query';
import { Loader2, Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { searchQueryOptions } from '#client/features/search/api/search-conversations.ts';
import { SearchHitItem } from '#client/features/search/search-hit-item.tsx';
import { useDebouncedValue } from '#client/features/search/use-debounced-value.ts';
import { SEARCH_QUERY_MAX } from '#shared/search/search-limits.ts';
import type { SearchHit } from '#shared/search/search-schemas.ts';

/** Pause in typing before a search is sent. */
const DEBOUNCE_MS = 300;

/**
 * Server-side search across all of the user's conversations (titles and messages), ranked,
 * with highlighted snippets; each hit links to its conversation.
 */
export function SearchPanel({
  userId,
  autoFocus = false,
  onNavigate,
  idle,
}: {
  userId: number;
  autoFocus?: boolean;
  /** Called when a hit is followed (a dialog closes itself). */
  onNavigate?: () => void;
  /** Shown while there is no query (default: a hint); the history screen shows its list. */
  idle?: ReactNode;
}) {
  const { t } = useTranslation('history');
  const inputId = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const search = useInfiniteQuery(searchQueryOptions(userId, query));
  const hits = search.data?.pages.flatMap((page) => page.results) ?? [];
  const waiting = text.trim() !== query || search.isFetching;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div role="search" className="relative">
        <label htmlFor={inputId} className="sr-only">
          {t('search.label')}
        </label>
        <Search
          size={16}
          className="absolute top-1/2 left-3 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={SEARCH_QUERY_MAX}
          // The dialog opens for typing: focusing the field is what the user asked for.
          autoFocus={autoFocus}
          // In a modal <dialog>, showModal() moves the focus after mount (use-native-modal.ts).
          data-autofocus={autoFocus || undefined}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search.placeholder')}
          className="field-input min-h-11 pr-9 pl-9"
        />
        {waiting && text.trim() ? (
          <Loader2
            size={16}
            className="absolute top-1/2 right-3 -translate-y-1/2 animate-spin text-muted"
            aria-label={t('search.searching')}
          />
        ) : null}
      </div>
      {query === '' && idle !== undefined ? (
        idle
      ) : (
        <SearchResults
          query={query}
          hits={hits}
          state={{
            settled: !waiting && search.isSuccess,
            isError: search.isError,
            hasNextPage: search.hasNextPage,
            isFetchingNextPage: search.isFetchingNextPage,
            fetchNextPage: () => void search.fetchNextPage(),
          }}
          onNavigate={onNavigate}
        />
      )}
    </div>
  );
}

interface ResultsState {
  /** The hits shown answer the query as typed. */
  settled: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

function SearchResults({
  query,
  hits,
  state,
  onNavigate,
}: {
  query: string;
  hits: SearchHit[];
  state: ResultsState;
  onNavigate: (() => void) | undefined;
}) {
  const { t } = useTranslation('history');
  if (!query) return <p className="text-sm text-muted">{t('search.hint')}</p>;
  if (state.isError) {
    return (
      <p role="alert" className="text-sm text-red-400">
        {t('search.error')}
      </p>
    );
  }
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <p role="status" className="text-sm text-muted">
        {!state.settled
          ? t('search.searching')
          : hits.length === 0
            ? t('search.none', { query })
            : t('search.count', { count: hits.length })}
      </p>
      {hits.length > 0 ? (
        <ul
          aria-label={t('search.results')}
          className="flex min-h-0 flex-col gap-1 overflow-y-auto"
        >
          {hits.map((hit) => (
            <li key={`${hit.kind}-${hit.conversationId}-${hit.messageId ?? 0}`}>
              <SearchHitItem hit={hit} onNavigate={onNavigate} />
            </li>
          ))}
          {state.hasNextPage ? (
            <li>
              <button
                type="button"
                className="btn-ghost w-full text-sm"
                disabled={state.isFetchingNextPage}
                onClick={state.fetchNextPage}
              >
                {state.isFetchingNextPage ? t('search.loadingMore') : t('search.more')}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
