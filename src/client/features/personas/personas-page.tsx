import { useTranslation } from 'react-i18next';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { LoginRequired } from '#client/features/auth/login-required.tsx';
import { UnderConstruction } from '#client/features/coming-soon/under-construction.tsx';

/** /personas; listing and editing personas arrives with the personas screen issue. */
export default function PersonasPage() {
  const { t } = useTranslation('pages');
  const { user } = useUser();
  if (!user)
    return <LoginRequired title={t('personas.title')} text={t('personas.loginRequired')} />;
  return <UnderConstruction title={t('personas.title')} text={t('personas.building')} />;
}
