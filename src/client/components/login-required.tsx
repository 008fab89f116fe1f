import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeCard } from '#client/components/ui/notice-card.tsx';

/** Chat and history without a user (spec 01-core §2, §6): a card with a login button to /auth. */
export function LoginRequired({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation();
  return (
    <NoticeCard
      icon={Lock}
      title={title ?? t('loginRequired.title')}
      actions={
        <Link to="/auth" className="btn-primary">
          {t('auth.login')}
        </Link>
      }
    >
      {text ?? t('loginRequired.chat')}
    </NoticeCard>
  );
}
