import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeCard } from '#client/components/ui/notice-card.tsx';

/** The state of a screen whose feature arrives with a later release. */
export function UnderConstruction({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <NoticeCard
      icon={Construction}
      title={title}
      actions={
        <Link to="/" className="btn-outline">
          {t('comingSoon.backHome')}
        </Link>
      }
    >
      <p>{text}</p>
      <p className="mt-3 inline-block rounded-full bg-surface-2 px-3 py-1 text-sm font-medium text-fg">
        {t('comingSoon.badge')}
      </p>
    </NoticeCard>
  );
}
