import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FEATURE_ICONS } from '#client/features/marketing/feature-icons.ts';
import { FEATURE_PAGES } from '#client/features/marketing/feature-pages.ts';

/** /features: what Orbit Chat does, one card per feature page. */
export default function FeaturesPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 md:px-8">
      <h1 className="mb-3 text-4xl font-bold">{t('featuresPage.title')}</h1>
      <p className="mb-8 max-w-3xl text-lg text-muted">{t('featuresPage.intro')}</p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {FEATURE_PAGES.map((feature) => {
          const Icon = FEATURE_ICONS[feature.key];
          return (
            <li key={feature.key} className="card flex flex-col gap-2">
              <Icon size={24} className="text-accent" aria-hidden="true" />
              <h2 className="text-xl font-semibold">{t(`features.${feature.key}.title`)}</h2>
              <p className="flex-1 text-muted">{t(`features.${feature.key}.text`)}</p>
              <Link
                to={`/features/${feature.slug}`}
                className="font-medium text-accent underline-offset-4 hover:underline"
              >
                {t('featuresPage.more', { feature: t(`features.${feature.key}.title`) })}
              </Link>
            </li>
          );
        })}
      </ul>
      <section aria-labelledby="features-languages" className="card mt-8">
        <h2 id="features-languages" className="mb-2 text-xl font-semibold">
          {t('featuresPage.languagesTitle')}
        </h2>
        <p className="text-muted">{t('featuresPage.languagesText')}</p>
      </section>
    </div>
  );
}
