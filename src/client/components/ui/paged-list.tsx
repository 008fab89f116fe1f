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
 * "Mine" or "public", a server-paged list of cards under its heading: its loading, failed and
 * empty states, the items, and "Load more". `t` is the caller's namespace (this file imports no
 * translations); it reads `lists.{scope}`, `lists.loading`, `lists.loadFailed`,
 * `lists.empty.{scope}` and `lists.loadMore`.
 */
export function PagedList<Item>({
  headingId,
  scope,
  t,
  list,
  className,
  itemClassName,
  itemKey,
  renderItem,
}: {
  headingId: string;
  scope: 'mine' | 'public';
  t: (key: string) => string;
  list: PagedListState<Item>;
  className: string;
  itemClassName: string;
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t(`lists.${scope}`)}
      </h2>
      {list.isLoading ? (
        <p className="text-muted">{t('lists.loading')}</p>
      ) : list.isError ? (
        <p role="alert" className="text-danger">
          {t('lists.loadFailed')}
        </p>
      ) : list.items.length === 0 ? (
        <p className="text-muted">{t(`lists.empty.${scope}`)}</p>
      ) : (
        <ul aria-labelledby={headingId} className={className}>
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
          {t('lists.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
