import { PaymentHistory } from '#client/features/billing/payment-history.tsx';
import { SubscriptionOverview } from '#client/features/billing/subscription-overview.tsx';
import { ProfilePage } from '#client/features/profile/profile-page.tsx';

/** /profile: the profile feature with the billing feature's contract and history (one lazy chunk). */
export default function ProfileScreen() {
  return <ProfilePage Subscription={SubscriptionOverview} Payments={PaymentHistory} />;
}
