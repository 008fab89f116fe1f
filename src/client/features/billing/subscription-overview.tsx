import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSubscription } from '#client/features/billing/api/get-subscription.ts';
import { SubscriptionFacts } from '#client/features/billing/subscription-facts.tsx';

/** The contract's facts with a way to manage it, for pages outside /subscription (the profile). */
export function SubscriptionOverview() {
  const { t } = useTranslation('billing');
  const subscription = useSubscription();
  return (
    <section aria-labelledby="subscription-overview" className="flex flex-col gap-3">
      <h2 id="subscription-overview" className="text-xl font-semibold">
        {t('subscription.title')}
      </h2>
      {subscription.isError ? <p role="alert">{t('subscription.actionFailed')}</p> : null}
      {subscription.data ? <SubscriptionFacts subscription={subscription.data} /> : null}
      <Link to="/subscription" className="btn-outline self-start">
        {t('subscription.manage')}
      </Link>
    </section>
  );
}
