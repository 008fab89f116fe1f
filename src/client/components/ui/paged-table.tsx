import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { usePagedList } from '#client/lib/use-paged-list.ts';
import { PagedMore } from './paged-more.tsx';

export interface Column<Item> {
  key: string;
  header: ReactNode;
  cell: (item: Item) => ReactNode;
}

/**
 * A server-paged list as a table, with its loading, empty and failed states and "Load more". A
 * failure once rows are shown (of a later page, or of a refresh) keeps them and says so below.
 */
export function PagedTable<Item>({
  label,
  columns,
  list,
  rowKey,
}: {
  label: string;
  columns: Column<Item>[];
  list: ReturnType<typeof usePagedList<Item>>;
  rowKey: (item: Item) => string | number;
}) {
  const { t } = useTranslation();
  if (list.isError && list.items.length === 0) {
    return (
      <p role="alert" className="text-danger">
        {t('table.failed')}{' '}
        <button type="button" className="underline" onClick={list.refetch}>
          {t('table.retry')}
        </button>
      </p>
    );
  }
  if (list.isLoading) return <p className="text-muted">{t('table.loading')}</p>;
  if (list.items.length === 0) return <p className="text-muted">{t('table.empty')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={label}>
          <thead className="text-muted">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="py-2 pr-4 font-medium">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <tr key={rowKey(item)} className="border-t border-line align-top">
                {columns.map((column) => (
                  <td key={column.key} className="py-2 pr-4">
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PagedMore list={list} loadMoreLabel={t('table.loadMore')} />
    </div>
  );
}
