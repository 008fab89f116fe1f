import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec 01-core §8 "Chat errors": the usage-limit panel with its upgrade link. */
export default function LimitPanel() {
  const { t } = useTranslation('chat');
  return (
    <section
      role="alert"
      aria-labelledby="limit-title"
      className="mx-3 mb-3 flex flex-col gap-2 rounded-2xl border border-accent bg-surface p-4 md:mx-6"
    >
      <h2 id="limit-title" className="flex items-center gap-2 font-semibold text-fg">
        <Gauge aria-hidden className="size-5 text-accent" />
        {t('limit.title')}
      </h2>
      <p className="text-muted">{t('limit.text')}</p>
      <Link to="/subscription" className="btn-primary self-start">
        {t('limit.upgrade')}
      </Link>
    </section>
  );
}
