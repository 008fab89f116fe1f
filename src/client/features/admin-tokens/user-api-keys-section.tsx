import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm, type FilterValues } from '#client/components/ui/filter-form.tsx';
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

  function apply(values: FilterValues) {
    setFilters({ q: values.q, status: (values.status ?? 'all') as KeyFilters['status'] });
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="user-api-keys-title">
      <header>
        <h2 id="user-api-keys-title" className="text-xl font-semibold">
          {t('keys.title')}
        </h2>
        <p className="text-muted">{t('keys.intro')}</p>
      </header>
      <FilterForm
        fields={[
          { name: 'q', label: t('keys.search') },
          {
            name: 'status',
            label: t('keys.status'),
            defaultValue: 'all',
            options: STATUSES.map((status) => ({
              value: status,
              label: t(`keys.state.${status}`),
            })),
          },
        ]}
        submitLabel={t('usage.apply')}
        onApply={apply}
      />
      <PagedTable label={t('keys.title')} columns={columns} list={list} rowKey={(key) => key.id} />
    </section>
  );
}
