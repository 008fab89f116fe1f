import { useTranslation } from 'react-i18next';
import { formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { Performance } from '#shared/admin/performance-schemas.ts';
import { usePerformance } from './api/get-performance.ts';
import { FirstTokenTable, RouteTable } from './performance-tables.tsx';
import { StatCard } from './stat-card.tsx';

const MB = 1024 * 1024;

function Figures({ data }: { data: Performance }) {
  const { t } = useTranslation('adminPerformance');
  const number = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 });
  const format = (value: number) => number.format(value);
  const ms = (value: number) => t('ms', { value: format(value) });
  const mb = (bytes: number) => t('mb', { value: format(bytes / MB) });
  const { build, database, eventLoop, memory, connections } = data;
  const pending = database.pendingMigrations;

  return (
    <>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <StatCard
          title={t('build.title')}
          rows={[
            [t('build.version'), build.version],
            [t('build.commit'), build.commit ?? t('unknown')],
            [t('build.node'), build.node],
            [t('build.instance'), `${data.instance.hostname} (${data.instance.pid})`],
            [t('build.uptime'), t('minutes', { value: format(build.uptimeSeconds / 60) })],
          ]}
        />
        <StatCard
          title={t('eventLoop.title')}
          rows={[
            [t('eventLoop.p50'), ms(eventLoop.p50Ms)],
            [t('eventLoop.p99'), ms(eventLoop.p99Ms)],
            [t('eventLoop.max'), ms(eventLoop.maxMs)],
          ]}
        />
        <StatCard
          title={t('memory.title')}
          rows={[
            [t('memory.rss'), mb(memory.rssBytes)],
            [t('memory.heap'), `${mb(memory.heapUsedBytes)} / ${mb(memory.heapTotalBytes)}`],
            [t('memory.external'), mb(memory.externalBytes)],
          ]}
        />
        <StatCard
          title={t('database.title')}
          rows={[
            [t('database.kind'), t(`database.kinds.${database.kind}`)],
            [
              t('database.pool'),
              database.pool
                ? t('database.poolValue', {
                    total: database.pool.total,
                    idle: database.pool.idle,
                    waiting: database.pool.waiting,
                  })
                : t('unknown'),
            ],
            [t('database.applied'), format(database.appliedMigrations)],
            [
              t('database.pending'),
              pending.length === 0 ? (
                t('database.upToDate')
              ) : (
                <span className="text-danger">{pending.join(', ')}</span>
              ),
            ],
          ]}
        />
        <StatCard
          title={t('connections.title')}
          rows={[
            [t('connections.streams'), format(connections.eventStreams)],
            [t('connections.sockets'), format(connections.sockets)],
          ]}
        />
      </div>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t('routes.title')}</h2>
        <RouteTable routes={data.routes} format={format} />
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t('firstToken.title')}</h2>
        <FirstTokenTable models={data.firstToken} format={format} />
      </section>
    </>
  );
}

/**
 * /admin/performance (issue 12): the answering instance's latency by route, time to first
 * token, event loop, memory, database and connections, refreshed every few seconds.
 */
export default function PerformancePage() {
  const { t } = useTranslation('adminPerformance');
  const query = usePerformance();
  const data = query.data;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="performance-title">
      <header>
        <h1 id="performance-title" className="text-2xl font-bold">
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
        {data ? (
          <p className="text-sm text-muted">
            {t('window', {
              minutes: Math.max(1, Math.round(data.windowSeconds / 60)),
              time: formatTime(data.generatedAt),
            })}
          </p>
        ) : null}
      </header>
      {query.isError && !data ? (
        <p role="alert" className="text-danger">
          {t('failed')}{' '}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : null}
      {query.isLoading ? <p className="text-muted">{t('loading')}</p> : null}
      {data ? <Figures data={data} /> : null}
      <p className="text-sm text-muted">{t('prometheus')}</p>
    </section>
  );
}
