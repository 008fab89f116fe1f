import { useTranslation } from 'react-i18next';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { Subscription } from '#shared/billing/billing-schemas.ts';

/** The contract in facts: plan and expiry, status, interval, method, period end, a scheduled change. */
export function SubscriptionFacts({ subscription }: { subscription: Subscription }) {
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
