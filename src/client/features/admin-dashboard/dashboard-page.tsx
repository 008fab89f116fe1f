import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart } from '#client/components/charts/bar-chart.tsx';
import { formatDate } from '#client/lib/format-date.ts';
import { formatCents, formatCount, formatDecimal } from '#client/lib/format-money.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { Dashboard } from '#shared/admin/admin-dashboard-schemas.ts';
import { useDashboard } from './api/get-dashboard.ts';

/** An admin area as the dashboard links to it (the app passes its list in). */
export interface DashboardArea {
  path: string;
  label: string;
}

function Tile({ title, to, children }: { title: string; to?: string; children: ReactNode }) {
  const body = (
    <>
      <h2 className="text-sm text-muted">{title}</h2>
      <div className="mt-1 flex flex-col gap-1">{children}</div>
    </>
  );
  return (
    <li className="card p-4">
      {to ? (
        <Link to={to} className="block hover:underline">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

const Big = ({ children }: { children: ReactNode }) => (
  <p className="text-2xl font-bold">{children}</p>
);

/** /admin: the product's figures at a glance, each tile leading to its area. */
export default function DashboardPage({ areas }: { areas: DashboardArea[] }) {
  const { t } = useTranslation('adminDashboard');
  const { t: tAdmin } = useTranslation('admin');
  const query = useDashboard();
  const language = currentLanguage();
  const dayLabel = useCallback((day: string) => formatDate(day, language).slice(0, 5), [language]);

  if (query.isError) {
    return (
      <p role="alert" className="text-danger">
        {t('unavailable')}
      </p>
    );
  }
  const data = query.data;
  const usageTile = (key: 'today' | 'month', usage: Dashboard['usageToday']) => (
    <Tile title={t(`usage.${key}`)} to="/admin/tokens">
      <Big>{t('usage.messages', { n: formatCount(usage.messages, language) })}</Big>
      <p className="text-sm">{t('usage.tokens', { n: formatCount(usage.tokens, language) })}</p>
      <p className="text-sm">{formatDecimal(usage.cost, 'USD', language)}</p>
    </Tile>
  );
  const tiers = data ? Object.entries(data.subscriptionsByTier) : [];
  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-dashboard-title">
      <header>
        <h1 id="admin-dashboard-title" className="text-2xl font-bold">
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      {!data ? (
        <p className="text-muted">{t('loading')}</p>
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Tile title={t('users.title')} to="/admin/users">
              <Big>{formatCount(data.users.total, language)}</Big>
              <p className="text-sm">
                {t('users.new', { n: formatCount(data.users.newLast7Days, language) })}
              </p>
              <p className="text-sm">
                {t('users.active', { n: formatCount(data.users.activeLast24Hours, language) })}
              </p>
            </Tile>
            <Tile title={t('subscriptions.title')} to="/admin/subscriptions">
              {tiers.length === 0 ? (
                <Big>0</Big>
              ) : (
                <dl className="text-sm">
                  {tiers.map(([tier, count]) => (
                    <div key={tier} className="flex justify-between">
                      <dt>{t(`tier.${tier}`, { defaultValue: tier })}</dt>
                      <dd className="font-bold">{count}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </Tile>
            <Tile title={t('revenue.title')} to="/admin/subscriptions">
              <Big>
                {formatCents(data.revenueThisMonth.cents, data.revenueThisMonth.currency, language)}
              </Big>
              {data.revenueThisMonth.refundedCents > 0 ? (
                <p className="text-sm">
                  {t('revenue.refunded', {
                    amount: formatCents(
                      data.revenueThisMonth.refundedCents,
                      data.revenueThisMonth.currency,
                      language,
                    ),
                  })}
                </p>
              ) : null}
            </Tile>
            <Tile title={t('crypto.title')} to="/admin/subscriptions">
              <Big>{data.pendingCryptoPayments}</Big>
            </Tile>
            {usageTile('today', data.usageToday)}
            {usageTile('month', data.usageLast30Days)}
            <Tile title={t('errors.title')} to="/admin/logs">
              <Big>{data.clientErrorsLast24Hours}</Big>
            </Tile>
            {data.failedBackups === undefined ? null : (
              <Tile title={t('backups.title')} to="/admin/database">
                <Big>{data.failedBackups}</Big>
              </Tile>
            )}
            <Tile title={t('security.title')} to="/admin/security">
              <p className="text-sm">{t('users.suspended', { n: data.users.suspended })}</p>
            </Tile>
          </ul>
          <div className="card">
            <BarChart
              title={t('chart.tokens')}
              points={data.dailyTokens.map((day) => ({ label: day.day, value: day.tokens }))}
              formatLabel={dayLabel}
            />
          </div>
        </>
      )}
      <nav aria-label={t('areas')} className="card">
        <h2 className="mb-2 font-semibold">{t('areas')}</h2>
        <ul className="grid gap-1 sm:grid-cols-3">
          {areas
            .filter((area) => area.path !== '')
            .map((area) => (
              <li key={area.path}>
                <Link to={`/admin/${area.path}`} className="text-accent underline">
                  {tAdmin(`areas.${area.label}`)}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
    </section>
  );
}
