import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '#client/components/ui/filter-form.tsx';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { AuditEntry } from '#shared/admin/audit-schemas.ts';
import { useAuditLog, type AuditLogFilters } from './api/get-audit-log.ts';

function Change({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  if (entry.before == null && entry.after == null) return null;
  return (
    <details>
      <summary className="cursor-pointer text-muted">{t('auditLog.change')}</summary>
      <dl className="mt-1 grid gap-1 text-xs">
        <dt className="text-muted">{t('auditLog.before')}</dt>
        <dd>
          <pre className="whitespace-pre-wrap break-all">
            {JSON.stringify(entry.before, null, 2)}
          </pre>
        </dd>
        <dt className="text-muted">{t('auditLog.after')}</dt>
        <dd>
          <pre className="whitespace-pre-wrap break-all">
            {JSON.stringify(entry.after, null, 2)}
          </pre>
        </dd>
      </dl>
    </details>
  );
}

/** /admin/audit-log: who changed what, when and from where; read-only, like the log itself. */
export default function AuditLogPage() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const list = useAuditLog(filters);
  const language = currentLanguage();

  const columns: Column<AuditEntry>[] = [
    {
      key: 'time',
      header: t('auditLog.time'),
      cell: (entry) => `${formatDate(entry.createdAt, language)} ${formatTime(entry.createdAt)}`,
    },
    { key: 'actor', header: t('auditLog.actor'), cell: (entry) => entry.actorUsername ?? '—' },
    { key: 'action', header: t('auditLog.action'), cell: (entry) => <code>{entry.action}</code> },
    {
      key: 'target',
      header: t('auditLog.target'),
      cell: (entry) => `${entry.targetType}${entry.targetId ? ` ${entry.targetId}` : ''}`,
    },
    {
      key: 'change',
      header: t('auditLog.change'),
      cell: (entry) => (
        <>
          {entry.reason ? <p>{entry.reason}</p> : null}
          <Change entry={entry} />
        </>
      ),
    },
    {
      key: 'origin',
      header: t('auditLog.origin'),
      cell: (entry) => (
        <span className="text-xs text-muted">
          {entry.ipAddress ?? '—'}
          <br />
          {entry.requestId}
        </span>
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-4" aria-labelledby="audit-log-title">
      <header>
        <h1 id="audit-log-title" className="text-2xl font-bold">
          {t('areas.auditLog')}
        </h1>
        <p className="text-muted">{t('auditLog.intro')}</p>
      </header>
      <FilterForm
        fields={[
          { name: 'action', label: t('auditLog.action'), placeholder: 'settings.update' },
          { name: 'targetType', label: t('auditLog.targetType'), placeholder: 'user' },
          { name: 'targetId', label: t('auditLog.targetId') },
        ]}
        submitLabel={t('filter')}
        onApply={setFilters}
      />
      <PagedTable
        label={t('areas.auditLog')}
        columns={columns}
        list={list}
        rowKey={(entry) => entry.id}
      />
    </section>
  );
}
