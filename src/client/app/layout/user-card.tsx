import { LogIn, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nameOf, useLogout } from '#client/features/auth/api/auth-mutations.ts';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { PublicUser } from '#shared/auth/auth-schemas.ts';

/** Spec 01-core §2: Ultimate, Expert, Premium, Pro, a generic premium label, else the free label. */
export function tierLabelKey(user: PublicUser): string {
  if (!user.isSubscribed) return 'tier.free';
  switch (user.subscriptionTier) {
    case 'ultimate':
    case 'expert':
    case 'premium':
    case 'pro':
      return `tier.${user.subscriptionTier}`;
    default:
      return 'tier.genericPremium';
  }
}

export function UserCard({ user, collapsed }: { user: PublicUser | null; collapsed: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();

  if (!user) {
    return (
      <Link
        to="/auth"
        className={collapsed ? 'btn-ghost w-full px-0' : 'btn-primary w-full'}
        aria-label={collapsed ? t('auth.login') : undefined}
        title={collapsed ? t('auth.login') : undefined}
      >
        <LogIn size={18} aria-hidden="true" />
        {collapsed ? null : t('auth.login')}
      </Link>
    );
  }

  const name = nameOf(user);
  const initial = name.charAt(0).toUpperCase();
  return (
    <div className={`flex items-center gap-2 ${collapsed ? 'flex-col' : ''}`}>
      {/* The card opens the profile: account, subscription and payment history. */}
      <Link
        to="/profile"
        className="flex min-w-0 flex-1 items-center gap-2 rounded-lg hover:bg-surface-2"
        aria-label={collapsed ? t('nav.profile') : undefined}
        title={t('nav.profile')}
        data-testid="user-card-profile"
      >
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-strong font-semibold text-white"
          aria-hidden="true"
        >
          {initial}
        </span>
        {collapsed ? null : (
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium" data-testid="user-name">
              {name}
            </p>
            <p className="truncate text-muted" data-testid="user-tier">
              {t(tierLabelKey(user))}
            </p>
            {user.isSubscribed && user.subscriptionExpiry ? (
              <p className="truncate text-xs text-muted" data-testid="user-tier-until">
                {t('tier.until', { date: formatDate(user.subscriptionExpiry, currentLanguage()) })}
              </p>
            ) : null}
          </div>
        )}
      </Link>
      <button
        type="button"
        className="btn-ghost min-h-9 px-2"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
        aria-label={t('auth.logout')}
        title={t('auth.logout')}
      >
        <LogOut size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
