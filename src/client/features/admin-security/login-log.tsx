import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = form.get(name);
      return typeof entry === 'string' && entry.trim() ? entry.trim() : undefined;
    };
    // datetime-local is the browser's local time; the server takes an instant.
    const instant = (name: string) => {
      const local = value(name);
      return local ? new Date(local).toISOString() : undefined;
    };
    setFilters({
      username: value('username'),
      ip: value('ip'),
      successful: value('successful') as LoginFilters['successful'],
      from: instant('from'),
      to: instant('to'),
    });
  }

  return (
    <section className="card flex flex-col gap-3" aria-labelledby="login-log-title">
      <h2 id="login-log-title" className="text-lg font-semibold">
        {t('log.title')}
      </h2>
      <form className="flex flex-wrap items-end gap-3" onSubmit={apply}>
        <label className="flex flex-col gap-1 text-sm">
          {t('column.user')}
          <input name="username" className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('column.ip')}
          <input name="ip" className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('column.outcome')}
          <select name="successful" className="field-input">
            <option value="">{t('outcome.any')}</option>
            <option value="true">{t('outcome.success')}</option>
            <option value="false">{t('outcome.failure')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('log.from')}
          <input name="from" type="datetime-local" className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('log.to')}
          <input name="to" type="datetime-local" className="field-input" />
        </label>
        <button type="submit" className="btn-outline">
          {t('log.apply')}
        </button>
      </form>
      <PagedTable label={t('log.title')} columns={columns} list={list} rowKey={(e) => e.id} />
    </section>
  );
}
