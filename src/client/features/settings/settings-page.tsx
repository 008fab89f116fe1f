import { ArrowLeft, KeyRound, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tierLabelKey } from '#client/app/layout/user-card.tsx';
import { ConversationTitle } from '#client/app/layout/recent-conversations.tsx';
import { useConversations } from '#client/lib/api/get-conversations.ts';
import { AiSection } from '#client/features/settings/ai-section.tsx';
import { AppearanceSection } from '#client/features/settings/appearance-section.tsx';
import { LanguageSection } from '#client/features/settings/language-section.tsx';
import { useSettings } from '#client/features/settings/use-settings.ts';
import { formatDate, formatRelativeTime } from '#client/lib/format-date.ts';

/** Small screens list the 5 latest conversations here (spec 01-core §2, §9). */
export const SETTINGS_CONVERSATIONS = 5;

function RecentOnSmallScreens({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('settings');
  const { conversations, total } = useConversations(userId);
  if (conversations.length === 0) return null;
  return (
    <section aria-labelledby="settings-recent" className="card md:hidden">
      <h2 id="settings-recent" className="mb-3 text-lg font-semibold">
        {t('recent.title')}
      </h2>
      <ul className="flex flex-col gap-1">
        {conversations.slice(0, SETTINGS_CONVERSATIONS).map((conversation) => (
          <li key={conversation.conversationId}>
            <Link
              to={`/chat/${conversation.conversationId}`}
              className="flex items-baseline gap-2 rounded-md px-2 py-2 hover:bg-surface-2"
            >
              <span className="min-w-0 flex-1 truncate">
                <ConversationTitle conversation={conversation} />
              </span>
              <span className="shrink-0 text-xs text-muted">
                {formatRelativeTime(
                  conversation.updatedAt ?? conversation.timestamp,
                  i18n.language,
                  i18n.t('common:time.justNow'),
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {total > SETTINGS_CONVERSATIONS ? (
        <Link to="/history" className="mt-2 inline-block font-medium text-accent hover:underline">
          {t('recent.showAll', { n: total })}
        </Link>
      ) : null}
    </section>
  );
}

/** /settings (spec 01-core §2): appearance, language and AI, each change applied at once. */
export default function SettingsPage() {
  const { t, i18n } = useTranslation(['settings', 'apiKeys']);
  const { user, settings, appearance, language, update } = useSettings();

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:px-8">
      <Link
        to="/"
        className="inline-flex items-center gap-2 self-start text-accent hover:underline"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {t('backHome')}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        {user ? (
          <span
            data-testid="plan-badge"
            className="rounded-full bg-accent-strong px-3 py-1 text-sm font-medium text-white"
          >
            {t('plan', { plan: i18n.t(`common:${tierLabelKey(user)}`) })}
            {user.isSubscribed && user.subscriptionExpiry
              ? ` · ${i18n.t('common:tier.until', { date: formatDate(user.subscriptionExpiry, language) })}`
              : ''}
          </span>
        ) : null}
      </header>
      <nav aria-label={t('sectionsNav')}>
        <ul className="flex flex-wrap gap-2 text-sm">
          {(['appearance', 'language', 'ai'] as const).map((anchor) => (
            <li key={anchor}>
              <a href={`#${anchor}`} className="btn-outline min-h-9 py-1">
                {t(`${anchor}.title`)}
              </a>
            </li>
          ))}
          {user ? (
            <li>
              <Link to="/profile" className="btn-outline min-h-9 py-1">
                <UserRound size={14} aria-hidden="true" />
                {t('profileLink')}
              </Link>
            </li>
          ) : null}
          {user ? (
            <li>
              <Link to="/settings/api-keys" className="btn-outline min-h-9 py-1">
                <KeyRound size={14} aria-hidden="true" />
                {t('apiKeys:title')}
              </Link>
            </li>
          ) : null}
          {user?.isAdmin ? (
            <li>
              <Link to="/admin/tokens" className="btn-outline min-h-9 py-1">
                <KeyRound size={14} aria-hidden="true" />
                {t('adminTokens')}
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      {user ? (
        <RecentOnSmallScreens userId={user.id} />
      ) : (
        <p className="rounded-lg bg-surface-2 px-4 py-3 text-sm">{t('guestNote')}</p>
      )}
      <AppearanceSection appearance={appearance} update={update} />
      <LanguageSection language={language} update={update} />
      <AiSection user={user} settings={settings} update={update} />
    </div>
  );
}
