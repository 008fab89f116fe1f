import { useTranslation } from 'react-i18next';
import { formatDate } from '#client/lib/format-date.ts';
import { formatCount, formatDecimal } from '#client/lib/format-money.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { AdminUserDetail } from '#shared/admin/admin-users-schemas.ts';
import { StatusBadge } from './status-badge.tsx';

/** Who the user is, their plan and this month's usage. */
export function UserProfile({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('adminUsers');
  const language = currentLanguage();
  const { user, usage } = detail;
  const facts: [string, string][] = [
    [t('column.name'), user.displayName ?? '—'],
    [t('column.email'), user.email ?? '—'],
    [t('column.role'), user.isAdmin ? t('role.admin') : t('role.user')],
    [t('column.tier'), t(`tier.${user.effectiveTier}`)],
    [
      t('field.expiry'),
      user.subscriptionExpiry ? formatDate(user.subscriptionExpiry, language) : t('noExpiry'),
    ],
    [t('field.quota'), `${user.quotaUsed} / ${user.monthlyQuota + user.bonusMessages}`],
    [t('column.created'), formatDate(user.createdAt, language)],
  ];
  return (
    <div className="card flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="admin-user-title" className="text-2xl font-bold">
          {user.username}
        </h1>
        <StatusBadge status={user.status} />
      </header>
      {user.status === 'suspended' && user.suspensionReason ? (
        <p className="text-danger">{t('suspendedBecause', { reason: user.suspensionReason })}</p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="text-muted">{label}:</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-label={t('usage.title', { month: usage.month })}>
        <h2 className="mb-2 font-semibold">{t('usage.title', { month: usage.month })}</h2>
        <dl className="grid grid-cols-3 gap-3 text-center">
          <div>
            <dt className="text-sm text-muted">{t('usage.messages')}</dt>
            <dd className="text-xl font-bold">{formatCount(usage.messages, language)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t('usage.tokens')}</dt>
            <dd className="text-xl font-bold">{formatCount(usage.tokens, language)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t('usage.cost')}</dt>
            <dd className="text-xl font-bold">{formatDecimal(usage.cost, 'USD', language)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
