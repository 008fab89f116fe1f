import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountCard } from '#client/features/profile/account-card.tsx';
import { useUser } from '#client/lib/api/get-user.ts';

interface ProfilePageProps {
  /** The billing feature's contract facts and payment history, handed in by the app. */
  Subscription: ComponentType;
  Payments: ComponentType;
}

/** /profile: the account, the subscription's details and the payment history (spec 02 §2). */
export function ProfilePage({ Subscription, Payments }: ProfilePageProps) {
  const { t } = useTranslation('profile');
  const { user } = useUser();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      {user ? (
        <>
          <AccountCard />
          <Subscription />
          <Payments />
        </>
      ) : null}
    </div>
  );
}
