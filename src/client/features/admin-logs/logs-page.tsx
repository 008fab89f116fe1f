import { useTranslation } from 'react-i18next';
import { ClientErrorSection } from './client-error-section.tsx';
import { ServerLogSection } from './server-log-section.tsx';

/** /admin/logs (issue 12): the server's log of this instance and the web app's error reports. */
export default function LogsPage() {
  const { t } = useTranslation('adminLogs');
  return (
    <section className="flex flex-col gap-6" aria-labelledby="logs-title">
      <header>
        <h1 id="logs-title" className="text-2xl font-bold">
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      <ServerLogSection />
      <ClientErrorSection />
    </section>
  );
}
