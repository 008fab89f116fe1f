import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { notifyError } from '#client/lib/notify.ts';
import type { AdminApiKey } from '#shared/api-keys/api-key-schemas.ts';
import { useAllApiKeys, useRevokeAnyApiKey, type KeyFilters } from './api/user-api-keys.ts';

const STATUSES = ['all', 'active', 'revoked', 'expired'] as const;

function statusOf(key: AdminApiKey) {
  if (key.revokedAt) return 'revoked';
  return Date.parse(key.expiresAt) <= Date.now() ? 'expired' : 'active';
}

/** Every user's personal API keys (prefixes only), with revoke (audited); part of /admin/api-keys. */
export function UserApiKeysSection() {
  const { t } = useTranslation('adminTokens');
  const [filters, setFilters] = useState<KeyFilters>({ status: 'all' });
  const list = useAllApiKeys(filters);
  const revoke = useRevokeAnyApiKey();
  const language = currentLanguage();
  const date = (value: string | null) => (value ? formatDate(value, language) : '—');

  const columns: Column<AdminApiKey>[] = [
    { key: 'user', header: t('keys.user'), cell: (key) => key.username },
    { key: 'name', header: t('keys.name'), cell: (key) => key.name },
    { key: 'prefix', header: t('keys.prefix'), cell: (key) => <code>{key.prefix}…</code> },
    { key: 'scopes', header: t('keys.scopes'), cell: (key) => key.scopes.join(', ') },
    { key: 'created', header: t('keys.created'), cell: (key) => date(key.createdAt) },
    { key: 'expires', header: t('keys.expires'), cell: (key) => date(key.expiresAt) },
    { key: 'lastUsed', header: t('keys.lastUsed'), cell: (key) => date(key.lastUsedAt) },
    { key: 'status', header: t('keys.status'), cell: (key) => t(`keys.state.${statusOf(key)}`) },
    {
      key: 'actions',
      header: <span className="sr-only">{t('keys.revoke')}</span>,
      cell: (key) =>
        statusOf(key) === 'active' ? (
          <button
            type="button"
            className="btn-outline min-h-8 py-1"
            disabled={revoke.isPending}
            onClick={() => {
              if (!window.confirm(t('keys.confirmRevoke', { name: key.name, user: key.username })))
                return;
              revoke.mutate(key.id, { onError: (error) => notifyError(error) });
            }}
          >
            {t('keys.revoke')}
          </button>
        ) : null,
    },
  ];

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = form.get('q');
    setFilters({
      q: typeof q === 'string' && q.trim() ? q.trim() : undefined,
      status: (form.get('status') as KeyFilters['status']) ?? 'all',
    });
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="user-api-keys-title">
      <header>
        <h2 id="user-api-keys-title" className="text-xl font-semibold">
          {t('keys.title')}
        </h2>
        <p className="text-muted">{t('keys.intro')}</p>
      </header>
      <form className="flex flex-wrap items-end gap-3" onSubmit={apply}>
        <label className="flex flex-col gap-1 text-sm">
          {t('keys.search')}
          <input name="q" className="field-input" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('keys.status')}
          <select name="status" className="field-input" defaultValue="all">
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`keys.state.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-outline">
          {t('usage.apply')}
        </button>
      </form>
      <PagedTable label={t('keys.title')} columns={columns} list={list} rowKey={(key) => key.id} />
    </section>
  );
}
