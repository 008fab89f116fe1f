import { MessageSquarePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '#client/lib/api/get-user.ts';
import { FEATURE_ICONS } from '#client/features/marketing/feature-icons.ts';
import { FEATURE_PAGES } from '#client/features/marketing/feature-pages.ts';
import { useServerStatus } from '#client/lib/use-server-status.ts';

const STATUS_CLASS = {
  checking: 'text-muted',
  reachable: 'text-emerald-700 dark:text-emerald-300',
  unreachable: 'text-danger',
} as const;

export default function HomePage() {
  const { t } = useTranslation('pages');
  const { user } = useUser();
  const status = useServerStatus();

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-12 md:px-8">
      <section className="flex flex-col items-center gap-5 text-center">
        <h1 className="text-5xl font-bold tracking-tight md:text-6xl">Orbit Chat</h1>
        <p className="max-w-2xl text-lg text-muted">{t('home.tagline')}</p>
        <p
          role="status"
          className={`rounded-full bg-surface px-3 py-1 text-sm ${STATUS_CLASS[status]}`}
        >
          {t(`home.server.${status}`)}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {user ? (
            <a href="/chat" className="btn-primary">
              <MessageSquarePlus size={18} aria-hidden="true" />
              {t('home.startChat')}
            </a>
          ) : (
            <>
              <Link to="/auth" className="btn-primary">
                {t('home.login')}
              </Link>
              <Link to="/auth?mode=register" className="btn-outline">
                {t('home.register')}
              </Link>
            </>
          )}
          <Link to="/pricing" className="btn-outline">
            {t('home.pricing')}
          </Link>
        </div>
      </section>
      <section aria-labelledby="home-features">
        <h2 id="home-features" className="mb-4 text-2xl font-semibold">
          {t('home.featuresTitle')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURE_PAGES.map((feature) => {
            const Icon = FEATURE_ICONS[feature.key];
            return (
              <li key={feature.key}>
                <Link
                  to={`/features/${feature.slug}`}
                  className="card flex h-full flex-col gap-2 p-4 hover:border-accent"
                >
                  <Icon size={22} className="text-accent" aria-hidden="true" />
                  <span className="font-semibold">{t(`features.${feature.key}.title`)}</span>
                  <span className="text-sm text-muted">{t(`features.${feature.key}.short`)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
