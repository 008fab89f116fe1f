import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { ActiveSession } from '#shared/admin/admin-security-schemas.ts';
import { useActiveSessions, useRevokeSession } from './api/security-queries.ts';

/** Sessions that still sign in, each with a revoke button (the administrator's own excepted). */
export function ActiveSessions() {
  const { t } = useTranslation('adminSecurity');
  const list = useActiveSessions();
  const revoke = useRevokeSession();
  const language = currentLanguage();
  const when = (iso: string | null) =>
    iso ? `${formatDate(iso, language)} ${formatTime(iso)}` : '—';

  const columns: Column<ActiveSession>[] = [
    { key: 'user', header: t('column.user'), cell: (s) => s.username },
    { key: 'since', header: t('column.since'), cell: (s) => when(s.loginTime) },
    { key: 'seen', header: t('column.lastSeen'), cell: (s) => when(s.lastSeenAt) },
    { key: 'ip', header: t('column.ip'), cell: (s) => s.ipAddress ?? '—' },
    {
      key: 'agent',
      header: t('column.agent'),
      cell: (s) => <span className="break-all text-xs">{s.userAgent ?? '—'}</span>,
    },
    {
      key: 'action',
      header: t('column.action'),
      cell: (s) =>
        s.current ? (
          <span className="text-xs text-muted">{t('sessions.current')}</span>
        ) : (
          <button
            type="button"
            className="btn-outline min-h-9 px-3 text-sm"
            disabled={revoke.isPending}
            aria-label={t('sessions.revokeFor', { username: s.username })}
            onClick={() => revoke.mutate(s.id)}
          >
            {t('sessions.revoke')}
          </button>
        ),
    },
  ];

  return (
    <section className="card flex flex-col gap-3" aria-labelledby="active-sessions-title">
      <h2 id="active-sessions-title" className="text-lg font-semibold">
        {t('sessions.title')}
      </h2>
      <PagedTable label={t('sessions.title')} columns={columns} list={list} rowKey={(s) => s.id} />
    </section>
  );
}
