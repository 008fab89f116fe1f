import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '#client/components/charts/bar-chart.tsx';
import type { AnalyticsDay } from '#shared/omnichannel/triage-schemas.ts';
import { useAnalytics } from './api/omnichannel-rules.ts';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Per day, summed over the channel types. */
function perDay(rows: AnalyticsDay[], value: (row: AnalyticsDay) => number) {
  const days = new Map<string, number>();
  for (const row of rows) days.set(row.date, (days.get(row.date) ?? 0) + value(row));
  return [...days].map(([label, total]) => ({ label, value: total }));
}

/** A brand's daily figures per channel with charts (uPlot, decision 143). */
export function AnalyticsPanel({ brandId }: { brandId: string }) {
  const { t, i18n } = useTranslation('omnichannelRules');
  const [from, setFrom] = useState(() => isoDay(Date.now() - 29 * DAY_MS));
  const [to, setTo] = useState(() => isoDay(Date.now()));
  const analytics = useAnalytics(brandId, from, to);
  const rows = useMemo(() => analytics.data ?? [], [analytics.data]);
  const inbound = useMemo(() => perDay(rows, (row) => row.inboundMessages), [rows]);
  const replies = useMemo(() => perDay(rows, (row) => row.outboundMessages), [rows]);
  const formatDay = useCallback(
    (label: string) =>
      new Date(`${label}T00:00:00Z`).toLocaleDateString(i18n.language, {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }),
    [i18n.language],
  );
  const seconds = (value: number | null) =>
    value === null ? '—' : t('analytics.seconds', { count: value });
  const percent = (value: string | null) => (value === null ? '—' : `${value} %`);

  return (
    <section className="grid gap-3" aria-labelledby="omnichannel-analytics">
      <h3 id="omnichannel-analytics" className="font-semibold">
        {t('analytics.title')}
      </h3>
      <div className="flex flex-wrap gap-2">
        <label className="flex flex-col gap-1 text-sm">
          {t('analytics.from')}
          <input
            className="field-input"
            type="date"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('analytics.to')}
          <input
            className="field-input"
            type="date"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
      </div>
      {analytics.isError ? (
        <p role="alert" className="text-danger">
          {t('analytics.loadFailed')}
        </p>
      ) : null}
      {rows.length === 0 && analytics.isSuccess ? (
        <p className="text-muted">{t('analytics.none')}</p>
      ) : null}
      {rows.length > 0 ? (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <BarChart
              title={t('analytics.inboundChart')}
              points={inbound}
              formatLabel={formatDay}
            />
            <BarChart
              title={t('analytics.repliesChart')}
              points={replies}
              formatLabel={formatDay}
            />
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th scope="col">{t('analytics.date')}</th>
                  <th scope="col">{t('analytics.channel')}</th>
                  <th scope="col">{t('analytics.inbound')}</th>
                  <th scope="col">{t('analytics.outbound')}</th>
                  <th scope="col">{t('analytics.modes')}</th>
                  <th scope="col">{t('analytics.avgResponse')}</th>
                  <th scope="col">{t('analytics.firstResponse')}</th>
                  <th scope="col">{t('analytics.resolution')}</th>
                  <th scope="col">{t('analytics.escalation')}</th>
                  <th scope="col">{t('analytics.csat')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.date}-${row.channelType}`}>
                    <td>{formatDay(row.date)}</td>
                    <td>{row.channelType}</td>
                    <td>{row.inboundMessages}</td>
                    <td>{row.outboundMessages}</td>
                    <td>
                      {row.autopilotMessages} / {row.copilotMessages} / {row.manualMessages}
                    </td>
                    <td>{seconds(row.avgResponseTime)}</td>
                    <td>{seconds(row.firstResponseTime)}</td>
                    <td>{percent(row.resolutionRate)}</td>
                    <td>{percent(row.escalationRate)}</td>
                    <td>
                      {row.csatScore === null ? '—' : `${row.csatScore} (${row.csatResponses})`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
