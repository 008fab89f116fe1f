import { Wrench } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '#client/lib/api/get-app-config.ts';

function MaintenanceNotice() {
  const { t } = useTranslation('app-status');
  return (
    <div
      role="status"
      // Floating, so no screen's layout (the chat's full height) changes while it shows.
      className="pointer-events-none fixed top-2 left-1/2 z-50 flex max-w-[90vw] -translate-x-1/2 items-center gap-2 rounded-full border border-line bg-surface-2 px-4 py-2 text-center text-sm shadow-lg"
    >
      <Wrench size={16} aria-hidden="true" />
      <span>
        <strong>{t('maintenance.title')}</strong> {t('maintenance.text')}
      </span>
    </div>
  );
}

/**
 * While an administrator has the product in maintenance mode, every screen says so: the API
 * answers 503 to everyone else meanwhile (decision 121), and this tells users why. Its texts
 * load only then, so the first screen carries nothing extra.
 */
export function MaintenanceBanner() {
  const config = useAppConfig();
  if (!config?.maintenanceMode) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceNotice />
    </Suspense>
  );
}
