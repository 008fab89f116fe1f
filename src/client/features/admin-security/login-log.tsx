import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '#client/components/ui/filter-form.tsx';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { LoginEntry } from '#shared/admin/admin-security-schemas.ts';
import { useLoginLog, type LoginFilters } from './api/security-queries.ts';

/** Every sign-in and failed attempt, filtered by user, address, outcome and time. */
export function LoginLog() {
  const { t } = useTranslation('adminSecurity');
  const [filters, setFilters] = useState<LoginFilters>({});
  const list = useLoginLog(filters);
  const language = currentLanguage();

  const columns: Column<LoginEntry>[] = [
    {
      key: 'time',
      header: t('column.time'),
      cell: (e) => `${formatDate(e.loginTime, language)} ${formatTime(e.loginTime)}`,
    },
    { key: 'user', header: t('column.user'), cell: (e) => e.username ?? '—' },
    { key: 'ip', header: t('column.ip'), cell: (e) => e.ipAddress ?? '—' },
    {
      key: 'agent',
      header: t('column.agent'),
      cell: (e) => <span className="break-all text-xs">{e.userAgent ?? '—'}</span>,
    },
    { key: 'method', header: t('column.method'), cell: (e) => e.loginMethod },
    {
      key: 'outcome',
      header: t('column.outcome'),
      cell: (e) =>
        e.successful ? (
          t('outcome.success')
        ) : (
          <span className="text-danger">{t('outcome.failure')}</span>
        ),
    },
  ];

  return (
    <section className="card flex flex-col gap-3" aria-labelledby="login-log-title">
      <h2 id="login-log-title" className="text-lg font-semibold">
        {t('log.title')}
      </h2>
      <FilterForm
        fields={[
          { name: 'username', label: t('column.user') },
          { name: 'ip', label: t('column.ip') },
          {
            name: 'successful',
            label: t('column.outcome'),
            options: [
              { value: '', label: t('outcome.any') },
              { value: 'true', label: t('outcome.success') },
              { value: 'false', label: t('outcome.failure') },
            ],
          },
          { name: 'from', label: t('log.from'), type: 'datetime-local' },
          { name: 'to', label: t('log.to'), type: 'datetime-local' },
        ]}
        submitLabel={t('log.apply')}
        onApply={(values) =>
          setFilters({ ...values, successful: values.successful as LoginFilters['successful'] })
        }
      />
      <PagedTable label={t('log.title')} columns={columns} list={list} rowKey={(e) => e.id} />
    </section>
  );
}
