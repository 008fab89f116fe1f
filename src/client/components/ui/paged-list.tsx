import type { ReactNode } from 'react';
import { PagedMore, type PagedMoreState } from './paged-more.tsx';

/** What a server-paged list (usePagedList) tells its screen. */
interface PagedListState<Item> extends PagedMoreState {
  items: Item[];
  isLoading: boolean;
}

/**
 * "Mine" or "public", a server-paged list of cards under its heading: its loading, failed and
 * empty states, the items, and "Load more". `t` is the caller's namespace (this file imports no
 * translations); it reads `lists.{scope}`, `lists.loading`, `lists.loadFailed`,
 * `lists.empty.{scope}` and `lists.loadMore`. A failure once items are shown (of a later page, or
 * of a refresh) keeps them and says so below, in the common texts.
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
      ) : list.isError && list.items.length === 0 ? (
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
      {list.isError && list.items.length === 0 ? null : (
        <PagedMore list={list} loadMoreLabel={t('lists.loadMore')} />
      )}
    </section>
  );
}
