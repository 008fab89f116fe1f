import { useTranslation } from 'react-i18next';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { Referral } from '#shared/referral/referral-schemas.ts';

/** Friends referred (name, join date), bonus messages earned, this month's allowance and use. */
export function ReferralStats({ referral }: { referral: Referral }) {
  const { t } = useTranslation('referral');
  const stat = (label: string, value: number | string, testId: string) => (
    <div className="rounded-lg bg-surface-2 p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="referral-stats" className="card flex flex-col gap-4">
      <h2 id="referral-stats" className="text-xl font-semibold">
        {t('stats.heading')}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {stat(t('stats.referred'), referral.referredCount, 'referred-count')}
        {stat(t('stats.bonusEarned'), referral.bonusMessagesEarned, 'bonus-earned')}
        {stat(
          t('stats.allowance'),
          t('stats.used', { used: referral.monthlyUsed, total: referral.monthlyAllowance }),
          'monthly-allowance',
        )}
      </dl>
      <h3 className="font-semibold">{t('stats.friends')}</h3>
      {referral.friends.length === 0 ? (
        <p className="text-muted">{t('stats.noFriends')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="referred-friends">
          {referral.friends.map((friend) => (
            <li key={`${friend.username}-${friend.joinedAt}`} className="flex justify-between py-2">
              <span>{friend.username}</span>
              <span className="text-muted">
                {t('stats.joined', { date: formatDate(friend.joinedAt, currentLanguage()) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
