import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FEATURE_ICONS } from '#client/features/marketing/feature-icons.ts';
import type { FeatureKey } from '#client/features/marketing/feature-pages.ts';

/** /features/<Feature> (spec 02 §2): the feature, examples, and a way in. */
export default function FeatureLandingPage({ feature }: { feature: FeatureKey }) {
  const { t } = useTranslation('pages');
  const Icon = FEATURE_ICONS[feature];
  const examples = [1, 2, 3].map((n) => t(`features.${feature}.example${n}`));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:px-8">
      <Link to="/" className="mb-6 inline-flex items-center gap-2 text-accent hover:underline">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('featurePage.backHome')}
      </Link>
      <div className="card">
        <Icon size={36} className="mb-3 text-accent" aria-hidden="true" />
        <h1 className="mb-3 text-3xl font-bold">{t(`features.${feature}.title`)}</h1>
        <p className="mb-6 text-lg text-muted">{t(`features.${feature}.text`)}</p>
        <h2 className="mb-2 font-semibold">{t('featurePage.examplesTitle')}</h2>
        <ul className="mb-6 list-disc space-y-1 pl-6">
          {examples.map((example) => (
            <li key={example}>{example}</li>
          ))}
        </ul>
        <p className="mb-6 rounded-lg bg-surface-2 px-4 py-3 text-sm">
          {t('featurePage.comingSoon')}
        </p>
        <div className="flex flex-wrap gap-3">
          <a href="/chat" className="btn-primary">
            {t('featurePage.tryIt')}
          </a>
          <Link to="/features" className="btn-outline">
            {t('featurePage.allFeatures')}
          </Link>
        </div>
      </div>
    </div>
  );
}
