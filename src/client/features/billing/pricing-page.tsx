import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoading } from '#client/app/page-loading.tsx';
import { usePlans } from '#client/features/billing/api/get-plans.ts';
import { CryptoOffer } from '#client/features/billing/crypto/crypto-offer.tsx';
import { PlanButton } from '#client/features/billing/plan-button.tsx';
import {
  FEATURE_COUNT,
  FREE_MESSAGES_PER_MONTH,
  GROUP_MODELS,
} from '#client/features/billing/plan-texts.ts';
import { formatCents } from '#client/features/billing/money.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import type { BillingInterval, Plan } from '#shared/billing/billing-schemas.ts';

function IntervalSwitch({
  interval,
  saving,
  onChange,
}: {
  interval: BillingInterval;
  saving: number;
  onChange: (interval: BillingInterval) => void;
}) {
  const { t } = useTranslation('billing');
  const option = (value: BillingInterval, label: string, extra?: string) => (
    <button
      type="button"
      aria-pressed={interval === value}
      onClick={() => onChange(value)}
      className={interval === value ? 'btn-primary' : 'btn-ghost'}
    >
      {label}
      {extra ? <span className="rounded-full bg-accent/20 px-2 text-xs">{extra}</span> : null}
    </button>
  );
  return (
    <div role="group" aria-label={t('pricing.interval')} className="mb-8 flex gap-2">
      {option('month', t('pricing.monthly'))}
      {option('year', t('pricing.yearly'), t('pricing.save', { percent: saving }))}
    </div>
  );
}

function PlanCard({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const { t } = useTranslation('pages');
  const { t: tb } = useTranslation('billing');
  const yearly = interval === 'year' && plan.id !== 'free';
  const price = yearly ? plan.yearlyPriceCents : plan.monthlyPriceCents;
  return (
    <li
      data-testid={`plan-${plan.id}`}
      className={`card flex flex-col gap-4 ${plan.id === 'expert' ? 'border-accent ring-2 ring-accent' : ''}`}
    >
      <div>
        <h2 className="text-xl font-semibold">{t(`plans.${plan.id}.name`)}</h2>
        <p className="text-sm text-muted">{t(`plans.${plan.id}.tagline`)}</p>
      </div>
      <p>
        <span className="text-3xl font-bold">{formatCents(price, plan.currency)}</span>{' '}
        <span className="text-muted">{yearly ? tb('pricing.perYear') : t('pricing.perMonth')}</span>
      </p>
      <ul className="space-y-2 text-sm">
        {Array.from({ length: FEATURE_COUNT[plan.id] }, (_, index) => (
          <li key={index} className="flex gap-2">
            <Check size={16} className="mt-0.5 shrink-0 text-accent" aria-hidden="true" />
            <span>
              {t(`plans.${plan.id}.feature${index + 1}`, { messages: FREE_MESSAGES_PER_MONTH })}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex-1 text-sm">
        <p className="font-medium">{tb('pricing.modelGroups')}</p>
        <ul aria-label={tb('pricing.modelGroups')}>
          {plan.modelGroups.map((group) => (
            <li key={group} title={GROUP_MODELS[group]}>
              <span className="font-medium">{tb(`groups.${group}`)}</span>
              <span className="text-muted">: {GROUP_MODELS[group]}</span>
            </li>
          ))}
        </ul>
      </div>
      <PlanButton plan={plan.id} interval={interval} />
      {plan.id === 'free' ? null : <CryptoOffer plan={plan} />}
    </li>
  );
}

/** /pricing: the plans and prices of GET /api/plans, monthly or yearly (spec 02 §6, §9). */
export default function PricingPage() {
  const { t } = useTranslation('pages');
  const { t: tb } = useTranslation('billing');
  const plans = usePlans();
  const { user } = useUser();
  const [interval, setInterval] = useState<BillingInterval>('month');
  // The heading and intro stay when the plans cannot be read (offline, the server down).
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-8">
      <h1 className="mb-3 text-4xl font-bold">{t('pricing.title')}</h1>
      <p className="mb-6 max-w-3xl text-lg text-muted">{t('pricing.intro')}</p>
      {plans.isPending ? (
        <PageLoading />
      ) : plans.isError ? (
        <p role="alert" className="text-danger">
          {tb('errors.plansUnavailable')}
        </p>
      ) : (
        <>
          <IntervalSwitch
            interval={interval}
            saving={Math.max(...plans.data.plans.map((plan) => plan.yearlySavingPercent))}
            onChange={setInterval}
          />
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
            {plans.data.plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} interval={interval} />
            ))}
          </ul>
          <p className="mt-6 text-sm text-muted">{tb('pricing.note')}</p>
          {user ? (
            <Link to="/subscription" className="mt-2 inline-block text-sm underline">
              {tb('pricing.manage')}
            </Link>
          ) : null}
        </>
      )}
    </div>
  );
}
