import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterForm, type FilterValues } from '#client/components/ui/filter-form.tsx';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { AdminUser } from '#shared/admin/admin-users-schemas.ts';
import { useUsers, type UserFilters } from './api/get-users.ts';
import { StatusBadge } from './status-badge.tsx';

const TIERS = ['free', 'premium', 'expert', 'ultimate'] as const;

/** /admin/users: find accounts by name or e-mail, filter and sort them, open one. */
export default function UsersPage() {
  const { t } = useTranslation('adminUsers');
  const [filters, setFilters] = useState<UserFilters>({});
  const list = useUsers(filters);
  const language = currentLanguage();

  const columns: Column<AdminUser>[] = [
    {
      key: 'username',
      header: t('column.username'),
      cell: (user) => (
        <Link to={`/admin/users/${user.id}`} className="font-medium text-accent underline">
          {user.username}
        </Link>
      ),
    },
    { key: 'name', header: t('column.name'), cell: (user) => user.displayName ?? '—' },
    { key: 'email', header: t('column.email'), cell: (user) => user.email ?? '—' },
    { key: 'tier', header: t('column.tier'), cell: (user) => t(`tier.${user.effectiveTier}`) },
    {
      key: 'role',
      header: t('column.role'),
      cell: (user) => (user.isAdmin ? t('role.admin') : t('role.user')),
    },
    {
      key: 'status',
      header: t('column.status'),
      cell: (user) => <StatusBadge status={user.status} />,
    },
    {
      key: 'created',
      header: t('column.created'),
      cell: (user) => formatDate(user.createdAt, language),
    },
  ];

  function apply(values: FilterValues) {
    const [sort, order] = (values.sort ?? 'created:desc').split(':') as [
      'created' | 'username',
      'asc' | 'desc',
    ];
    setFilters({
      q: values.q,
      tier: values.tier,
      role: values.role,
      status: values.status,
      sort,
      order,
    });
  }

  const choice = (name: string, label: string, options: [string, string][]) => ({
    name,
    label,
    options: options.map(([value, text]) => ({ value, label: text })),
  });

  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-users-title">
      <header>
        <h1 id="admin-users-title" className="text-2xl font-bold">
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      <FilterForm
        role="search"
        fields={[
          {
            name: 'q',
            label: t('filter.search'),
            type: 'search',
            placeholder: t('filter.searchHint'),
          },
          choice('tier', t('column.tier'), [
            ['', t('filter.all')],
            ...TIERS.map((tier): [string, string] => [tier, t(`tier.${tier}`)]),
          ]),
          choice('role', t('column.role'), [
            ['', t('filter.all')],
            ['admin', t('role.admin')],
            ['user', t('role.user')],
          ]),
          choice('status', t('column.status'), [
            ['', t('filter.all')],
            ['active', t('status.active')],
            ['suspended', t('status.suspended')],
            ['deleted', t('status.deleted')],
          ]),
          choice('sort', t('filter.sort'), [
            ['created:desc', t('sort.newest')],
            ['created:asc', t('sort.oldest')],
            ['username:asc', t('sort.nameAsc')],
            ['username:desc', t('sort.nameDesc')],
          ]),
        ]}
        submitLabel={t('filter.apply')}
        onApply={apply}
      />
      <PagedTable label={t('title')} columns={columns} list={list} rowKey={(user) => user.id} />
    </section>
  );
}
