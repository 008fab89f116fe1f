import { Gift, Pencil, Settings } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount } from '#client/features/profile/api/get-account.ts';
import { ProfileForm } from '#client/features/profile/profile-form.tsx';

/** Username, display name and email, editable; appearance, language and AI live in /settings. */
export function AccountCard() {
  const { t } = useTranslation('profile');
  const account = useAccount();
  const [editing, setEditing] = useState(false);
  const fact = (label: string, value: string | null, testId: string) => (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId}>{value || t('account.notSet')}</dd>
    </div>
  );
  return (
    <section aria-labelledby="profile-account" className="flex flex-col gap-3">
      <h2 id="profile-account" className="text-xl font-semibold">
        {t('account.heading')}
      </h2>
      {account.isError ? (
        <p role="alert" className="text-danger">
          {t('account.loadFailed')}
        </p>
      ) : null}
      {account.data && editing ? (
        <ProfileForm account={account.data} onDone={() => setEditing(false)} />
      ) : null}
      {account.data && !editing ? (
        <dl className="card flex flex-col gap-2">
          {fact(t('account.username'), account.data.username, 'account-username')}
          {fact(t('account.displayName'), account.data.displayName, 'account-display-name')}
          {fact(t('account.email'), account.data.email, 'account-email')}
        </dl>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {account.data && !editing ? (
          <button type="button" className="btn-outline" onClick={() => setEditing(true)}>
            <Pencil size={16} aria-hidden="true" />
            {t('account.edit')}
          </button>
        ) : null}
        <Link to="/settings" className="btn-outline">
          <Settings size={16} aria-hidden="true" />
          {t('account.settings')}
        </Link>
        <Link to="/referral" className="btn-outline">
          <Gift size={16} aria-hidden="true" />
          {t('account.referral')}
        </Link>
      </div>
    </section>
  );
}
