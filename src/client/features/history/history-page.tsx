import { useTranslation } from 'react-i18next';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { LoginRequired } from '#client/features/auth/login-required.tsx';
import { UnderConstruction } from '#client/features/coming-soon/under-construction.tsx';

/** /history; the list with delete arrives with the chat issue. */
export default function HistoryPage() {
  const { t } = useTranslation('pages');
  const { user } = useUser();
  if (!user) return <LoginRequired title={t('history.title')} text={t('history.loginRequired')} />;
  return <UnderConstruction title={t('history.title')} text={t('history.building')} />;
}
