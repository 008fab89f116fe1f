import { useTranslation } from 'react-i18next';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { SharedRun } from '#shared/codehub/live-schemas.ts';

/** Runs shared into the session (POST …/runs), newest last; every participant sees them live. */
export function OutputTab({ runs }: { runs: SharedRun[] }) {
  const { t } = useTranslation('codehubLive');
  if (runs.length === 0) return <p className="text-muted">{t('output.empty')}</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label={t('output.title')}>
      {runs.map((run) => (
        <li key={run.id} className="card flex flex-col gap-1">
          <p className="text-sm text-muted">
            {t('output.by', {
              name: run.user?.name ?? '?',
              language: run.language,
              date: formatDate(run.at, currentLanguage()),
            })}
            {run.exitStatus !== null ? ` · ${t('output.exit', { status: run.exitStatus })}` : ''}
            {run.durationMs !== null ? ` · ${t('output.duration', { ms: run.durationMs })}` : ''}
          </p>
          {run.stdout ? (
            <pre className="overflow-auto whitespace-pre-wrap text-sm">{run.stdout}</pre>
          ) : null}
          {run.stderr ? (
            <pre className="overflow-auto whitespace-pre-wrap text-sm text-danger">
              {run.stderr}
            </pre>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
