import { useTranslation } from 'react-i18next';
import { BarChart } from '#client/components/charts/bar-chart.tsx';
import { useFailedLogins } from './api/security-queries.ts';

const hourLabel = (iso: string) => `${new Date(iso).getHours().toString().padStart(2, '0')}:00`;

/** Failed sign-ins per hour over the last day, and where most of them came from. */
export function FailedLogins() {
  const { t } = useTranslation('adminSecurity');
  const query = useFailedLogins();
  if (query.isError)
    return (
      <p role="alert" className="text-danger">
        {t('failed.unavailable')}
      </p>
    );
  if (!query.data) return <p className="text-muted">{t('loading')}</p>;
  const { hourly, total, topIps, topUsernames } = query.data;
  const top = (title: string, rows: { key: string; failed: number }[]) => (
    <div>
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('failed.none')}</p>
      ) : (
        <ol className="text-sm">
          {rows.map((row) => (
            <li key={row.key} className="flex justify-between gap-4">
              <code className="break-all">{row.key}</code>
              <span>{row.failed}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
  return (
    <section className="card flex flex-col gap-4" aria-labelledby="failed-logins-title">
      <header>
        <h2 id="failed-logins-title" className="text-lg font-semibold">
          {t('failed.title')}
        </h2>
        <p className="text-sm text-muted">{t('failed.total', { n: total })}</p>
      </header>
      <BarChart
        title={t('failed.chart')}
        points={hourly.map((entry) => ({ label: entry.hour, value: entry.failed }))}
        formatLabel={hourLabel}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {top(
          t('failed.topIps'),
          topIps.map((row) => ({ key: row.ipAddress, failed: row.failed })),
        )}
        {top(
          t('failed.topUsernames'),
          topUsernames.map((row) => ({ key: row.username, failed: row.failed })),
        )}
      </div>
    </section>
  );
}
