import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Loaded when their tab opens: the analytics chart (uPlot) stays out of the page's first load.
const RulesPanel = lazy(() => import('./rules-panel.tsx').then((m) => ({ default: m.RulesPanel })));
const KnowledgePanel = lazy(() =>
  import('./knowledge-panel.tsx').then((m) => ({ default: m.KnowledgePanel })),
);
const AnalyticsPanel = lazy(() =>
  import('./analytics-panel.tsx').then((m) => ({ default: m.AnalyticsPanel })),
);

const TABS = ['rules', 'knowledge', 'analytics'] as const;
type Tab = (typeof TABS)[number];

/**
 * A brand's rules, knowledge and analytics, one tab at a time (issue 14 item 5). None is open at
 * first: a brand's page loads only what the administrator opens.
 */
export function TriageSections({ brandId }: { brandId: string }) {
  const { t } = useTranslation('omnichannelRules');
  const [tab, setTab] = useState<Tab | null>(null);
  return (
    <section className="grid gap-3" aria-labelledby="omnichannel-triage">
      <h2 id="omnichannel-triage" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <div role="tablist" aria-label={t('title')} className="flex gap-2">
        {TABS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`omnichannel-tab-${value}`}
            aria-selected={tab === value}
            aria-controls={`omnichannel-panel-${value}`}
            className={tab === value ? 'btn-primary' : 'btn-outline'}
            onClick={() => setTab(value)}
          >
            {t(`tabs.${value}`)}
          </button>
        ))}
      </div>
      {tab ? (
        <div
          role="tabpanel"
          id={`omnichannel-panel-${tab}`}
          aria-labelledby={`omnichannel-tab-${tab}`}
        >
          <Suspense fallback={<p className="text-muted">{t('loading')}</p>}>
            {tab === 'rules' ? <RulesPanel brandId={brandId} /> : null}
            {tab === 'knowledge' ? <KnowledgePanel brandId={brandId} /> : null}
            {tab === 'analytics' ? <AnalyticsPanel brandId={brandId} /> : null}
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
