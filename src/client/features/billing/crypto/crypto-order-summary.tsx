import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '#client/lib/format-money.ts';
import type { Plan } from '#shared/billing/billing-schemas.ts';
import { CRYPTO_DISCOUNT_PERCENT, type CryptoDuration } from '#shared/billing/prices.ts';
import { cryptoPriceOf } from '#client/features/billing/crypto/crypto-price.ts';
import { SummaryRow, SummaryTotal } from '#client/features/billing/summary-rows.tsx';

/** Plan, term, discount and total of a prepaid crypto term, with the plan's features. */
export function CryptoOrderSummary({ plan, months }: { plan: Plan; months: CryptoDuration }) {
  const { t } = useTranslation('crypto');
  const { t: tb } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  return (
    <section aria-labelledby="crypto-summary" className="card flex flex-col gap-3">
      <h2 id="crypto-summary" className="text-lg font-semibold">
        {t('summary.title')}
      </h2>
      <dl className="flex flex-col gap-2">
        <SummaryRow
          label={t('summary.plan')}
          value={tp(`plans.${plan.id}.name`)}
          testId="crypto-plan"
        />
        <SummaryRow
          label={t('summary.duration')}
          value={t('summary.months', { months })}
          testId="crypto-months"
        />
        <SummaryRow
          label={t('summary.discount')}
          value={t('summary.discountValue', { percent: CRYPTO_DISCOUNT_PERCENT[months] })}
        />
        <SummaryTotal
          label={t('summary.total')}
          value={formatCents(cryptoPriceOf(plan, months), plan.currency)}
          testId="crypto-total"
        />
      </dl>
      <p className="text-sm text-muted">{tb('payment.vat')}</p>
      <p className="text-sm text-muted">{t('summary.noRenewal')}</p>
      {plan.features.length > 0 ? (
        <ul aria-label={t('summary.includes')} className="space-y-1 text-sm">
          {plan.features.map((key) => (
            <li key={key} className="flex gap-2">
              <Check size={16} className="mt-0.5 shrink-0 text-accent" aria-hidden="true" />
              <span>{tb(key)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
