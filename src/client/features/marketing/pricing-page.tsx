import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '#client/lib/api/get-user.ts';
import { FREE_MESSAGES_PER_MONTH, PLAN_CURRENCY, PLANS } from '#client/features/marketing/plans.ts';
import { currentLanguage } from '#client/lib/i18n.ts';

/** /pricing: the four plans with their monthly prices (spec 02 §9). */
export default function PricingPage() {
  const { t } = useTranslation('pages');
  const { user } = useUser();
  const language = currentLanguage();
  const money = new Intl.NumberFormat(language === 'de' ? 'de-DE' : language, {
    style: 'currency',
    currency: PLAN_CURRENCY,
    minimumFractionDigits: 2,
  });
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-8">
      <h1 className="mb-3 text-4xl font-bold">{t('pricing.title')}</h1>
      <p className="mb-8 max-w-3xl text-lg text-muted">{t('pricing.intro')}</p>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {PLANS.map((plan) => (
          <li
            key={plan.key}
            data-testid={`plan-${plan.key}`}
            className={`card flex flex-col gap-4 ${plan.key === 'expert' ? 'border-accent ring-2 ring-accent' : ''}`}
          >
            <div>
              <h2 className="text-xl font-semibold">{t(`plans.${plan.key}.name`)}</h2>
              <p className="text-sm text-muted">{t(`plans.${plan.key}.tagline`)}</p>
            </div>
            <p>
              <span className="text-3xl font-bold">{money.format(plan.priceCents / 100)}</span>{' '}
              <span className="text-muted">{t('pricing.perMonth')}</span>
            </p>
            <ul className="flex-1 space-y-2 text-sm">
              {Array.from({ length: plan.featureCount }, (_, index) => (
                <li key={index} className="flex gap-2">
                  <Check size={16} className="mt-0.5 shrink-0 text-accent" aria-hidden="true" />
                  <span>
                    {t(`plans.${plan.key}.feature${index + 1}`, {
                      messages: FREE_MESSAGES_PER_MONTH,
                    })}
                  </span>
                </li>
              ))}
            </ul>
            {plan.key === 'free' ? (
              <Link to={user ? '/chat' : '/auth?mode=register'} className="btn-outline">
                {user ? t('pricing.startFree') : t('pricing.registerFree')}
              </Link>
            ) : (
              <Link to={user ? '/subscription' : '/auth?mode=register'} className="btn-primary">
                {t('pricing.choose', { plan: t(`plans.${plan.key}.name`) })}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-muted">{t('pricing.note')}</p>
    </div>
  );
}
