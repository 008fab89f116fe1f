import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '#client/components/ui/paged-table.tsx';
import { currentLanguage } from '#client/lib/i18n.ts';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';
import type { BackupConfig } from '#shared/admin/backups.ts';
import { useDeleteBackupConfig } from './api/delete-backup-config.ts';
import { useBackupConfigs } from './api/get-backup-configs.ts';
import { BackupConfigForm } from './backup-config-form.tsx';
import { clockTime, formatUtc, weekdayName } from './format.ts';

/** The schedules the server's scheduler runs, with a form to add or change one. */
export function BackupConfigsSection() {
  const { t } = useTranslation('adminDatabase');
  const language = currentLanguage();
  const list = useBackupConfigs();
  const remove = useDeleteBackupConfig();
  /** null: no form; 'new'; or the schedule being changed. */
  const [editing, setEditing] = useState<BackupConfig | 'new' | null>(null);

  const schedule = (config: BackupConfig) => {
    const time = clockTime(config);
    if (config.frequency === 'weekly') {
      return t('schedules.weekly', { day: weekdayName(config.dayOfWeek ?? 0, language), time });
    }
    if (config.frequency === 'monthly')
      return t('schedules.monthly', { day: config.dayOfMonth, time });
    return t('schedules.daily', { time });
  };

  const columns: Column<BackupConfig>[] = [
    { key: 'name', header: t('schedules.name'), cell: (config) => config.name },
    { key: 'schedule', header: t('schedules.schedule'), cell: schedule },
    {
      key: 'retention',
      header: t('schedules.retention'),
      cell: (config) => config.retentionDays,
    },
    {
      key: 'active',
      header: t('schedules.active'),
      cell: (config) => (config.isActive ? t('schedules.yes') : t('schedules.no')),
    },
    {
      key: 'next',
      header: t('schedules.nextRun'),
      cell: (config) => formatUtc(config.nextRun, language),
    },
    {
      key: 'last',
      header: t('schedules.lastRun'),
      cell: (config) => formatUtc(config.lastRun, language),
    },
    {
      key: 'actions',
      header: t('backups.actions'),
      cell: (config) => (
        <span className="flex gap-2">
          <button
            type="button"
            className="btn-outline"
            aria-label={t('schedules.editNamed', { name: config.name })}
            onClick={() => setEditing(config)}
          >
            {t('schedules.edit')}
          </button>
          <button
            type="button"
            className="btn-outline"
            aria-label={t('schedules.deleteNamed', { name: config.name })}
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(t('schedules.confirmDelete', { name: config.name }))) return;
              remove.mutate(config.id, {
                onSuccess: () => notifySuccess(t('schedules.deleted')),
                onError: (error) => notifyError(error),
              });
            }}
          >
            {t('schedules.delete')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-3" aria-labelledby="schedules-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="schedules-title" className="text-xl font-semibold">
          {t('schedules.title')}
        </h2>
        {editing === null ? (
          <button type="button" className="btn-outline ml-auto" onClick={() => setEditing('new')}>
            {t('schedules.add')}
          </button>
        ) : null}
      </div>
      {editing !== null ? (
        <BackupConfigForm
          key={editing === 'new' ? 'new' : editing.id}
          config={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <PagedTable
        label={t('schedules.title')}
        columns={columns}
        list={list}
        rowKey={(config) => config.id}
      />
    </section>
  );
}
