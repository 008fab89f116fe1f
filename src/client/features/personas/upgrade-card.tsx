import { Check, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const UNLOCKS = ['allPersonas', 'customPersonas', 'translations', 'models'] as const;

/** The free plan has Persona42 only (spec 01-core §6); this says what a subscription adds. */
export function UpgradeCard() {
  const { t } = useTranslation('personas');
  return (
    <section aria-labelledby="personas-upgrade" className="card flex flex-col gap-3">
      <h2 id="personas-upgrade" className="flex items-center gap-2 text-lg font-semibold">
        <Crown size={20} className="text-accent" aria-hidden="true" />
        {t('upgrade.title')}
      </h2>
      <p className="text-muted">{t('upgrade.text')}</p>
      <ul className="flex flex-col gap-1">
        {UNLOCKS.map((key) => (
          <li key={key} className="flex items-start gap-2">
            <Check size={18} className="mt-0.5 shrink-0 text-accent" aria-hidden="true" />
            {t(`upgrade.unlocks.${key}`)}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Link to="/subscription" className="btn-primary">
          {t('upgrade.cta')}
        </Link>
        <Link to="/pricing" className="btn-outline">
          {t('upgrade.comparePlans')}
        </Link>
      </div>
    </section>
  );
}
