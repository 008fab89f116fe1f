import { useTranslation } from 'react-i18next';
import { formatCents } from '#client/lib/format-money.ts';
import type { CheckoutDetails } from '#shared/billing/billing-schemas.ts';

/** What is bought and what is charged today, VAT included (the payment page's summary). */
export function OrderSummary({ details }: { details: CheckoutDetails }) {
  const { t } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  const row = (label: string, value: string, testId?: string) => (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="order-summary" className="card flex flex-col gap-3">
      <h2 id="order-summary" className="text-lg font-semibold">
        {t('payment.summary')}
      </h2>
      <dl className="flex flex-col gap-2">
        {row(t('payment.plan'), tp(`plans.${details.plan}.name`))}
        {row(t('payment.billing'), t(`payment.${details.interval}`))}
        {row(t('payment.price'), formatCents(details.priceCents, details.currency))}
        {details.kind === 'upgrade' ? (
          <p className="text-sm text-muted">{t('payment.upgradeNote')}</p>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-semibold">
          <dt>{t('payment.total')}</dt>
          <dd data-testid="order-total">{formatCents(details.amountCents, details.currency)}</dd>
        </div>
      </dl>
      {/* Two lines: 'inkl. MwSt.' ends in its own full stop, so no sentence joins the two. */}
      <p className="text-sm text-muted">{t('payment.vat')}</p>
      <p className="text-sm text-muted">{t('payment.renews')}</p>
    </section>
  );
}
