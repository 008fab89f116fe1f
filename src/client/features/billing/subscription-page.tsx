import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoading } from '#client/app/page-loading.tsx';
import { useSubscription } from '#client/features/billing/api/get-subscription.ts';
import { ContractActions } from '#client/features/billing/contract-actions.tsx';
import { PaymentHistory } from '#client/features/billing/payment-history.tsx';
import { useUser } from '#client/lib/api/get-user.ts';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { Subscription } from '#shared/billing/billing-schemas.ts';

function Facts({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  const date = (value: string) => formatDate(value, currentLanguage());
  const fact = (label: string, value: string, testId: string) => (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  const end = subscription.currentPeriodEnd ?? subscription.expiresAt;
  return (
    <dl className="card flex flex-col gap-2">
      {fact(
        t('subscription.currentPlan'),
        tp(`plans.${subscription.tier}.name`) +
          (subscription.expiresAt
            ? ` (${t('subscription.until', { date: date(subscription.expiresAt) })})`
            : ''),
        'current-plan',
      )}
      {fact(
        t('subscription.status'),
        t(`subscription.statuses.${subscription.status}`),
        'subscription-status',
      )}
      {subscription.interval
        ? fact(
            t('subscription.interval'),
            t(`payment.${subscription.interval}`),
            'subscription-interval',
          )
        : null}
      {subscription.paymentMethod
        ? fact(
            t('subscription.method'),
            t(`subscription.methods.${subscription.paymentMethod}`),
            'subscription-method',
          )
        : null}
      {end && subscription.status !== 'none' && subscription.status !== 'canceled' ? (
        <p data-testid="period-end">
          {subscription.cancelAtPeriodEnd || !subscription.interval
            ? t('subscription.endsOn', { date: date(end) })
            : t('subscription.renewsOn', { date: date(end) })}
        </p>
      ) : null}
      {subscription.scheduledPlan && end ? (
        <p data-testid="scheduled-plan">
          {t('subscription.scheduled', {
            plan: tp(`plans.${subscription.scheduledPlan}.name`),
            date: date(end),
          })}
        </p>
      ) : null}
    </dl>
  );
}

/** /subscription: the contract, its changes and the payment history (issue 11 item 5). */
export default function SubscriptionPage() {
  const { t } = useTranslation('billing');
  const { user } = useUser();
  const subscription = useSubscription(user !== null);
  if (!user) {
    // Guests see the page with the login bar below; there is no contract to show.
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
        <h1 className="text-3xl font-bold">{t('subscription.title')}</h1>
        <Link to="/pricing" className="btn-primary self-start">
          {t('subscription.choosePlan')}
        </Link>
      </div>
    );
  }
  if (subscription.isPending) return <PageLoading />;
  if (subscription.isError) {
    return (
      <p role="alert" className="p-8">
        {t('subscription.actionFailed')}
      </p>
    );
  }
  const current = subscription.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t('subscription.title')}</h1>
      <Facts subscription={current} />
      {current.tier !== 'ultimate' ? (
        <Link to="/pricing" className="btn-primary self-start">
          {current.tier === 'free' ? t('subscription.choosePlan') : t('subscription.upgrade')}
        </Link>
      ) : null}
      <ContractActions subscription={current} />
      <PaymentHistory />
    </div>
  );
}
