import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { currentLanguage } from '#client/lib/i18n.ts';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';
import {
  BACKUP_STATUSES,
  type BackupHistoryItem,
  type BackupStatus,
} from '#shared/admin/backups.ts';
import { useBackUpNow } from './api/back-up-now.ts';
import { useBackups } from './api/get-backups.ts';
import { useDownloadBackup } from './api/get-download-link.ts';
import { formatSize, formatUtc } from './format.ts';

/** While a backup is written the list looks again this often. */
const REFRESH_MS = 2000;

/** The history of backups with 'Back up now', download and restore of each verified one. */
export function BackupHistorySection({ onRestore }: { onRestore: (backupId: number) => void }) {
  const { t } = useTranslation('adminDatabase');
  const language = currentLanguage();
  const [status, setStatus] = useState<BackupStatus | undefined>(undefined);
  const list = useBackups(status);
  const backUpNow = useBackUpNow();
  const download = useDownloadBackup();
  const working = list.items.some(
    (item) => item.status === 'running' || item.status === 'succeeded',
  );
  const { refetch } = list;

  useEffect(() => {
    if (!working) return;
    const timer = setInterval(refetch, REFRESH_MS);
    return () => clearInterval(timer);
  }, [working, refetch]);

  const available = (item: BackupHistoryItem) => item.status === 'verified' && !item.fileDeletedAt;
  const columns: Column<BackupHistoryItem>[] = [
    {
      key: 'started',
      header: t('backups.started'),
      cell: (item) => formatUtc(item.startedAt, language),
    },
    {
      key: 'file',
      header: t('backups.file'),
      cell: (item) => <code className="break-all">{item.filename}</code>,
    },
    { key: 'size', header: t('backups.size'), cell: (item) => formatSize(item.size, language) },
    {
      key: 'status',
      header: t('backups.status'),
      cell: (item) => (
        <>
          <span className={item.status === 'failed' ? 'text-danger' : undefined}>
            {t(`status.${item.status}`)}
          </span>
          {item.errorMessage ? <p className="text-xs text-muted">{item.errorMessage}</p> : null}
        </>
      ),
    },
    {
      key: 'kind',
      header: t('backups.kind'),
      cell: (item) => (item.isAutomatic ? t('backups.automatic') : t('backups.manual')),
    },
    {
      key: 'kept',
      header: t('backups.keptUntil'),
      cell: (item) =>
        item.fileDeletedAt
          ? t('backups.deleted', { date: formatUtc(item.fileDeletedAt, language) })
          : formatUtc(item.retainUntil, language),
    },
    {
      key: 'actions',
      header: t('backups.actions'),
      cell: (item) =>
        available(item) ? (
          <span className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-outline"
              aria-label={t('backups.downloadFile', { file: item.filename })}
              disabled={download.isPending}
              onClick={() => download.mutate(item.id, { onError: (error) => notifyError(error) })}
            >
              {t('backups.download')}
            </button>
            <button
              type="button"
              className="btn-outline"
              aria-label={t('backups.restoreFile', { file: item.filename })}
              onClick={() => onRestore(item.id)}
            >
              {t('backups.restore')}
            </button>
          </span>
        ) : null,
    },
  ];

  return (
    <section className="flex flex-col gap-3" aria-labelledby="backups-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="backups-title" className="text-xl font-semibold">
          {t('backups.title')}
        </h2>
        <button
          type="button"
          className="btn-primary ml-auto"
          disabled={backUpNow.isPending}
          onClick={() =>
            backUpNow.mutate(undefined, {
              onSuccess: () => notifySuccess(t('backups.queued')),
              onError: (error) => notifyError(error),
            })
          }
        >
          {t('backups.backUpNow')}
        </button>
      </div>
      <label className="flex w-fit flex-col gap-1 text-sm">
        {t('backups.status')}
        <select
          className="field-input"
          value={status ?? ''}
          onChange={(event) =>
            setStatus((event.target.value || undefined) as BackupStatus | undefined)
          }
        >
          <option value="">{t('backups.allStatuses')}</option>
          {BACKUP_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`status.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <PagedTable
        label={t('backups.title')}
        columns={columns}
        list={list}
        rowKey={(item) => item.id}
      />
    </section>
  );
}
