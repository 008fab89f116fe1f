import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm, localInputValue } from '#client/components/ui/filter-form.tsx';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { LOG_LEVELS, type LogLevel, type LogLine } from '#shared/admin/logs-schemas.ts';
import { useServerLogs, type ServerLogFilters } from './api/get-server-logs.ts';

const LEVEL_STYLE: Partial<Record<LogLevel, string>> = {
  warn: 'text-amber-600',
  error: 'text-danger',
  fatal: 'text-danger font-bold',
};

/** The server's own log: filters, and a request id that opens every line of its request. */
export function ServerLogSection() {
  const { t } = useTranslation('adminLogs');
  const [filters, setFilters] = useState<ServerLogFilters>({});
  const list = useServerLogs(filters);
  const language = currentLanguage();

  const columns: Column<LogLine>[] = [
    {
      key: 'time',
      header: t('time'),
      cell: (line) => `${formatDate(line.time, language)} ${formatTime(line.time)}`,
    },
    {
      key: 'level',
      header: t('level'),
      cell: (line) => <span className={LEVEL_STYLE[line.level]}>{t(`levels.${line.level}`)}</span>,
    },
    {
      key: 'message',
      header: t('message'),
      cell: (line) => (
        <>
          <p>{line.msg}</p>
          {Object.keys(line.data).length > 0 ? (
            <details>
              <summary className="cursor-pointer text-muted">{t('details')}</summary>
              <pre className="whitespace-pre-wrap break-all text-xs">
                {JSON.stringify(line.data, null, 2)}
              </pre>
            </details>
          ) : null}
        </>
      ),
    },
    {
      key: 'request',
      header: t('request'),
      cell: (line) => (
        <span className="text-xs">
          {line.route ? <code>{line.route}</code> : null}
          {line.userId !== null ? <> · {t('user', { id: line.userId })}</> : null}
          <br />
          {line.requestId ? (
            <button
              type="button"
              className="text-muted underline"
              title={t('showRequest')}
              onClick={() => setFilters({ requestId: line.requestId! })}
            >
              {line.requestId}
            </button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-3" aria-labelledby="server-log-title">
      <h2 id="server-log-title" className="text-lg font-semibold">
        {t('server.title')}
      </h2>
      <p className="text-sm text-muted">{t('server.perInstance')}</p>
      <FilterForm
        // Remounted when a request id is picked, so the fields show the filters in force.
        key={JSON.stringify(filters)}
        fields={[
          {
            name: 'level',
            label: t('lowestLevel'),
            defaultValue: filters.level,
            options: [
              { value: '', label: t('allLevels') },
              ...LOG_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) })),
            ],
          },
          {
            name: 'from',
            label: t('from'),
            type: 'datetime-local',
            defaultValue: localInputValue(filters.from),
          },
          {
            name: 'to',
            label: t('to'),
            type: 'datetime-local',
            defaultValue: localInputValue(filters.to),
          },
          {
            name: 'route',
            label: t('route'),
            placeholder: '/api/chat',
            defaultValue: filters.route,
          },
          {
            name: 'userId',
            label: t('userId'),
            inputMode: 'numeric',
            defaultValue: filters.userId,
          },
          { name: 'requestId', label: t('requestId'), defaultValue: filters.requestId },
        ]}
        submitLabel={t('filter')}
        onApply={(values) => setFilters(values)}
      />
      <PagedTable
        label={t('server.title')}
        columns={columns}
        list={list}
        rowKey={(line) => line.seq}
      />
    </section>
  );
}
