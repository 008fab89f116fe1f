import { useTranslation } from 'react-i18next';
import { ActiveSessions } from './active-sessions.tsx';
import { FailedLogins } from './failed-logins.tsx';
import { LoginLog } from './login-log.tsx';

/** /admin/security: failed-login spikes, the sessions that sign in now, the login log. */
export default function SecurityPage() {
  const { t } = useTranslation('adminSecurity');
  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-security-title">
      <header>
        <h1 id="admin-security-title" className="text-2xl font-bold">
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      <FailedLogins />
      <ActiveSessions />
      <LoginLog />
    </section>
  );
}
