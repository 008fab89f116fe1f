import { useTranslation } from 'react-i18next';

/** What the end of a server-paged list needs of usePagedList. */
export interface PagedMoreState {
  isError: boolean;
  isLoadMoreError: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * The end of a server-paged list that shows rows: "Load more", and what failed since with a way
 * to try again. The rows read before stay in view: TanStack Query marks the whole list failed
 * when only its next page (or a refresh) failed.
 */
export function PagedMore({
  list,
  loadMoreLabel,
}: {
  list: PagedMoreState;
  loadMoreLabel: string;
}) {
  const { t } = useTranslation();
  // While a page is on its way, the failure before it is past.
  const failed = list.isError && !list.isLoadingMore;
  // A failed next page is asked for again with "Try again", beside its failure.
  const loadMore = list.hasMore && !(failed && list.isLoadMoreError);
  if (!loadMore && !failed) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {loadMore ? (
        <button
          type="button"
          className="btn-outline"
          onClick={list.loadMore}
          disabled={list.isLoadingMore}
        >
          {list.isLoadingMore ? t('table.loading') : loadMoreLabel}
        </button>
      ) : null}
      {failed ? (
        <p role="alert" className="text-danger">
          {t(list.isLoadMoreError ? 'table.moreFailed' : 'table.refreshFailed')}{' '}
          <button type="button" className="underline" onClick={list.retry}>
            {t('table.retry')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
