import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoading } from '#client/app/page-loading.tsx';
import {
  CheckoutReturnNotice,
  useContractAfterCheckout,
} from '#client/features/billing/checkout-return.tsx';
import { ContractActions } from '#client/features/billing/contract-actions.tsx';
import { PaymentHistory } from '#client/features/billing/payment-history.tsx';
import { SubscriptionFacts } from '#client/features/billing/subscription-facts.tsx';
import { useUser } from '#client/lib/api/get-user.ts';

/** /subscription: the contract, its changes and the payment history (issue 11 item 5). */
export default function SubscriptionPage() {
  const { t } = useTranslation('billing');
  const { user } = useUser();
  const { subscription, notice } = useContractAfterCheckout(user !== null);
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
      <CheckoutReturnNotice notice={notice} />
      <SubscriptionFacts subscription={current} />
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
