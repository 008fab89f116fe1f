import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { formatCents } from '#client/lib/format-money.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { AdminPayment } from '#shared/admin/admin-billing-schemas.ts';
import { useAdminPayments } from './api/get-payments.ts';
import type { BillingFilters as Filters } from './api/get-subscriptions.ts';
import { BillingFilters } from './billing-filters.tsx';

const STATUSES = ['paid', 'refunded', 'failed', 'pending'] as const;

/** Every payment of every user: card, sandbox and crypto. */
export function PaymentList() {
  const { t } = useTranslation('adminSubscriptions');
  const [filters, setFilters] = useState<Filters>({});
  const list = useAdminPayments(filters);
  const language = currentLanguage();

  const term = (p: AdminPayment) =>
    p.durationMonths
      ? t('months', { count: p.durationMonths })
      : t(`interval.${p.interval ?? 'prepaid'}`);
  const columns: Column<AdminPayment>[] = [
    {
      key: 'date',
      header: t('columns.date'),
      cell: (p) => `${formatDate(p.createdAt, language)} ${formatTime(p.createdAt)}`,
    },
    { key: 'user', header: t('columns.user'), cell: (p) => p.username },
    { key: 'plan', header: t('columns.plan'), cell: (p) => `${t(`plan.${p.plan}`)}, ${term(p)}` },
    {
      key: 'amount',
      header: t('columns.amount'),
      cell: (p) => formatCents(p.amountCents, p.currency),
    },
    { key: 'method', header: t('columns.method'), cell: (p) => t(`method.${p.method}`) },
    { key: 'status', header: t('columns.status'), cell: (p) => t(`status.${p.status}`) },
  ];

  return (
    <section className="flex flex-col gap-3" aria-labelledby="payments-title">
      <h2 id="payments-title" className="text-xl font-semibold">
        {t('payments.title')}
      </h2>
      <BillingFilters
        idPrefix="payments"
        statuses={STATUSES}
        value={filters}
        onChange={setFilters}
      />
      <PagedTable label={t('payments.title')} columns={columns} list={list} rowKey={(p) => p.id} />
    </section>
  );
}
