import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '#client/components/ui/filter-form.tsx';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { ClientErrorEntry } from '#shared/admin/logs-schemas.ts';
import { useClientErrors, type ClientErrorFilters } from './api/get-client-errors.ts';

/** The web app's error reports (its error screen sends them), from every instance. */
export function ClientErrorSection() {
  const { t } = useTranslation('adminLogs');
  const [filters, setFilters] = useState<ClientErrorFilters>({});
  const list = useClientErrors(filters);
  const language = currentLanguage();

  const columns: Column<ClientErrorEntry>[] = [
    {
      key: 'time',
      header: t('time'),
      cell: (entry) => `${formatDate(entry.createdAt, language)} ${formatTime(entry.createdAt)}`,
    },
    {
      key: 'message',
      header: t('message'),
      cell: (entry) => (
        <>
          <p>{entry.message}</p>
          {entry.stack || entry.componentStack ? (
            <details>
              <summary className="cursor-pointer text-muted">{t('details')}</summary>
              <pre className="whitespace-pre-wrap break-all text-xs">
                {[entry.stack, entry.componentStack].filter(Boolean).join('\n\n')}
              </pre>
            </details>
          ) : null}
        </>
      ),
    },
    { key: 'page', header: t('client.page'), cell: (entry) => entry.url ?? '—' },
    {
      key: 'user',
      header: t('userId'),
      cell: (entry) =>
        entry.userId === null ? t('client.guest') : t('user', { id: entry.userId }),
    },
  ];

  return (
    <section className="flex flex-col gap-3" aria-labelledby="client-errors-title">
      <h2 id="client-errors-title" className="text-lg font-semibold">
        {t('client.title')}
      </h2>
      <p className="text-sm text-muted">{t('client.intro')}</p>
      <FilterForm
        fields={[
          { name: 'from', label: t('from'), type: 'datetime-local' },
          { name: 'to', label: t('to'), type: 'datetime-local' },
          { name: 'route', label: t('client.page'), placeholder: '/chat' },
          { name: 'userId', label: t('userId'), inputMode: 'numeric' },
        ]}
        submitLabel={t('filter')}
        onApply={(values) => setFilters(values)}
      />
      <PagedTable
        label={t('client.title')}
        columns={columns}
        list={list}
        rowKey={(entry) => entry.id}
      />
    </section>
  );
}
