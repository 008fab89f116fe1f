import { Bitcoin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '#client/features/billing/money.ts';
import type { Plan } from '#shared/billing/billing-schemas.ts';
import { cryptoPriceOf } from '#client/features/billing/crypto/crypto-price.ts';

/** A paid plan's way to crypto: 6 or 12 prepaid months at a discount (spec 02 §9). */
export function CryptoOffer({ plan }: { plan: Plan }) {
  const { t } = useTranslation('crypto');
  const { t: tp } = useTranslation('pages');
  const name = tp(`plans.${plan.id}.name`);
  return (
    <nav
      aria-label={t('offer.label', { plan: name })}
      className="flex flex-col gap-1 border-t border-line pt-3 text-sm"
    >
      <p className="flex items-center gap-1 font-medium">
        <Bitcoin size={16} aria-hidden="true" />
        {t('offer.title')}
      </p>
      {([6, 12] as const).map((months) => (
        <Link
          key={months}
          to={`/crypto-payment/${plan.id}/${months}`}
          className="underline"
          aria-label={t('offer.linkLabel', {
            plan: name,
            months,
            price: formatCents(cryptoPriceOf(plan, months), plan.currency),
          })}
        >
          {t('offer.link', {
            months,
            price: formatCents(cryptoPriceOf(plan, months), plan.currency),
          })}
        </Link>
      ))}
    </nav>
  );
}
