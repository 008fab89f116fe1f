import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

function Loading({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex h-full min-h-48 items-center justify-center gap-3 p-8 text-muted"
    >
      <Loader2 className="animate-spin" size={20} aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** Shown while a lazy page loads: 'Seite wird geladen...' (spec 01-core §2). */
export function PageLoading() {
  const { t } = useTranslation();
  return <Loading text={t('loading.page')} />;
}

/** Shown while the user is checked: 'Authentifizierung wird überprüft...' (spec 01-core §2). */
export function AuthChecking() {
  const { t } = useTranslation();
  return <Loading text={t('loading.auth')} />;
}
