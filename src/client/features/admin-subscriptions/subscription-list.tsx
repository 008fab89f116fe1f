import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { AdminSubscription } from '#shared/admin/admin-billing-schemas.ts';
import { usePaymentProvider } from './api/get-payment-provider.ts';
import { useAdminSubscriptions, type BillingFilters as Filters } from './api/get-subscriptions.ts';
import { BillingFilters } from './billing-filters.tsx';
import { SandboxControls } from './sandbox-controls.tsx';

const STATUSES = ['active', 'past_due', 'canceled'] as const;

/** Every user's contract; sandbox ones get the sandbox's controls when the sandbox is the provider. */
export function SubscriptionList() {
  const { t } = useTranslation('adminSubscriptions');
  const [filters, setFilters] = useState<Filters>({});
  const list = useAdminSubscriptions(filters);
  const provider = usePaymentProvider();
  const language = currentLanguage();
  const sandbox = provider.data === 'sandbox';

  const columns: Column<AdminSubscription>[] = [
    { key: 'user', header: t('columns.user'), cell: (s) => s.username },
    { key: 'plan', header: t('columns.plan'), cell: (s) => t(`plan.${s.plan}`) },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (s) => (
        <>
          {t(`status.${s.status}`)}
          {s.cancelAtPeriodEnd ? (
            <span className="block text-xs text-muted">{t('subscriptions.endsAtPeriodEnd')}</span>
          ) : null}
          {s.scheduledPlan ? (
            <span className="block text-xs text-muted">
              {t('subscriptions.scheduled', { plan: t(`plan.${s.scheduledPlan}`) })}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'method',
      header: t('columns.method'),
      cell: (s) => `${t(`method.${s.paymentMethod}`)}, ${t(`interval.${s.interval ?? 'prepaid'}`)}`,
    },
    {
      key: 'period',
      header: t('columns.periodEnd'),
      cell: (s) => formatDate(s.currentPeriodEnd, language),
    },
  ];
  if (sandbox) {
    columns.push({
      key: 'sandbox',
      header: t('sandbox.title'),
      cell: (s) => (s.provider === 'sandbox' ? <SandboxControls subscription={s} /> : null),
    });
  }

  return (
    <section className="flex flex-col gap-3" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title" className="text-xl font-semibold">
        {t('subscriptions.title')}
      </h2>
      {sandbox ? <p className="text-muted">{t('sandbox.intro')}</p> : null}
      <BillingFilters
        idPrefix="subscriptions"
        statuses={STATUSES}
        value={filters}
        onChange={setFilters}
      />
      <PagedTable
        label={t('subscriptions.title')}
        columns={columns}
        list={list}
        rowKey={(s) => s.id}
      />
    </section>
  );
}
