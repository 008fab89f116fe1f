import type { ReactNode } from 'react';

/** What a server-paged list (usePagedList) tells its screen. */
interface PagedListState<Item> {
  items: Item[];
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
}

/**
 * A server-paged list of cards: its loading, failed and empty states, the items, and "Load
 * more". The texts come from the caller's namespace (this file imports no translations).
 */
export function PagedList<Item>({
  list,
  labels,
  labelledBy,
  className,
  itemClassName,
  itemKey,
  renderItem,
}: {
  list: PagedListState<Item>;
  labels: { loading: string; failed: string; empty: string; loadMore: string };
  /** The id of the heading that names the list. */
  labelledBy: string;
  className: string;
  itemClassName: string;
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
}) {
  return (
    <>
      {list.isLoading ? (
        <p className="text-muted">{labels.loading}</p>
      ) : list.isError ? (
        <p role="alert" className="text-danger">
          {labels.failed}
        </p>
      ) : list.items.length === 0 ? (
        <p className="text-muted">{labels.empty}</p>
      ) : (
        <ul aria-labelledby={labelledBy} className={className}>
          {list.items.map((item) => (
            <li key={itemKey(item)} className={itemClassName}>
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      {list.hasMore ? (
        <button
          type="button"
          className="btn-outline self-start"
          disabled={list.isLoadingMore}
          onClick={list.loadMore}
        >
          {labels.loadMore}
        </button>
      ) : null}
    </>
  );
}
