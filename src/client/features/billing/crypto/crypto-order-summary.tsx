import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '#client/features/billing/money.ts';
import type { Plan } from '#shared/billing/billing-schemas.ts';
import { CRYPTO_DISCOUNT_PERCENT, type CryptoDuration } from '#shared/billing/prices.ts';
import { cryptoPriceOf } from '#client/features/billing/crypto/crypto-price.ts';

/** Plan, term, discount and total of a prepaid crypto term, with the plan's features. */
export function CryptoOrderSummary({ plan, months }: { plan: Plan; months: CryptoDuration }) {
  const { t } = useTranslation('crypto');
  const { t: tb } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  const row = (label: string, value: string, testId?: string) => (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="crypto-summary" className="card flex flex-col gap-3">
      <h2 id="crypto-summary" className="text-lg font-semibold">
        {t('summary.title')}
      </h2>
      <dl className="flex flex-col gap-2">
        {row(t('summary.plan'), tp(`plans.${plan.id}.name`), 'crypto-plan')}
        {row(t('summary.duration'), t('summary.months', { months }), 'crypto-months')}
        {row(
          t('summary.discount'),
          t('summary.discountValue', { percent: CRYPTO_DISCOUNT_PERCENT[months] }),
        )}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-semibold">
          <dt>{t('summary.total')}</dt>
          <dd data-testid="crypto-total">
            {formatCents(cryptoPriceOf(plan, months), plan.currency)}
          </dd>
        </div>
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
