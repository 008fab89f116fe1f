import { useTranslation } from 'react-i18next';
import { CryptoQueue } from './crypto-queue.tsx';
import { PaymentList } from './payment-list.tsx';
import { SubscriptionList } from './subscription-list.tsx';

/** /admin/subscriptions (issue 12 item 2): the crypto queue first, then contracts and payments. */
export default function SubscriptionsPage() {
  const { t } = useTranslation(['adminSubscriptions', 'admin']);
  return (
    <section className="flex flex-col gap-6" aria-labelledby="admin-subscriptions-title">
      <header>
        <h1 id="admin-subscriptions-title" className="text-2xl font-bold">
          {t('admin:areas.subscriptions')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      <CryptoQueue />
      <SubscriptionList />
      <PaymentList />
    </section>
  );
}
