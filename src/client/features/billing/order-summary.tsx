import { useTranslation } from 'react-i18next';
import { formatCents } from '#client/lib/format-money.ts';
import type { CheckoutDetails } from '#shared/billing/billing-schemas.ts';
import { SummaryRow, SummaryTotal } from '#client/features/billing/summary-rows.tsx';

/** What is bought and what is charged today, VAT included (the payment page's summary). */
export function OrderSummary({ details }: { details: CheckoutDetails }) {
  const { t } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  return (
    <section aria-labelledby="order-summary" className="card flex flex-col gap-3">
      <h2 id="order-summary" className="text-lg font-semibold">
        {t('payment.summary')}
      </h2>
      <dl className="flex flex-col gap-2">
        <SummaryRow label={t('payment.plan')} value={tp(`plans.${details.plan}.name`)} />
        <SummaryRow label={t('payment.billing')} value={t(`payment.${details.interval}`)} />
        <SummaryRow
          label={t('payment.price')}
          value={formatCents(details.priceCents, details.currency)}
        />
        {details.kind === 'upgrade' ? (
          <p className="text-sm text-muted">{t('payment.upgradeNote')}</p>
        ) : null}
        <SummaryTotal
          label={t('payment.total')}
          value={formatCents(details.amountCents, details.currency)}
          testId="order-total"
        />
      </dl>
      {/* Two lines: 'inkl. MwSt.' ends in its own full stop, so no sentence joins the two. */}
      <p className="text-sm text-muted">{t('payment.vat')}</p>
      <p className="text-sm text-muted">{t('payment.renews')}</p>
    </section>
  );
}
