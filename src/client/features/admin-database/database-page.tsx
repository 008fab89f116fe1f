import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '#client/lib/notify.ts';
import type { RestoreCheck } from '#shared/admin/backups.ts';
import { useCheckRestore } from './api/check-restore.ts';
import { BackupConfigsSection } from './backup-configs-section.tsx';
import { BackupHistorySection } from './backup-history-section.tsx';
import { RestoreDialog } from './restore-dialog.tsx';

/**
 * /admin/database (issue 12 "database"): backups taken now or on a schedule, each downloadable
 * for a few minutes, and restore of one of them or of an uploaded file after a check.
 */
export default function DatabasePage() {
  const { t } = useTranslation(['adminDatabase', 'admin']);
  const checkRestore = useCheckRestore();
  const [check, setCheck] = useState<RestoreCheck | null>(null);

  const startCheck = (source: { backupId: number } | { file: File }) =>
    checkRestore.mutate(source, { onSuccess: setCheck, onError: (error) => notifyError(error) });

  function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('backup');
    if (file instanceof File && file.size > 0) startCheck({ file });
  }

  return (
    <section className="flex flex-col gap-6" aria-labelledby="database-title">
      <header>
        <h1 id="database-title" className="text-2xl font-bold">
          {t('admin:areas.database')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      <BackupHistorySection onRestore={(backupId) => startCheck({ backupId })} />
      <BackupConfigsSection />
      <section className="flex flex-col gap-3" aria-labelledby="restore-upload-title">
        <h2 id="restore-upload-title" className="text-xl font-semibold">
          {t('restore.uploadTitle')}
        </h2>
        <p className="text-muted">{t('restore.uploadHint')}</p>
        <form className="flex flex-wrap items-end gap-3" onSubmit={upload}>
          <label className="flex flex-col gap-1 text-sm">
            {t('restore.file')}
            <input name="backup" type="file" required className="field-input" />
          </label>
          <button type="submit" className="btn-outline" disabled={checkRestore.isPending}>
            {t('restore.check')}
          </button>
        </form>
        {checkRestore.isPending ? (
          <p role="status" className="text-muted">
            {t('restore.checking')}
          </p>
        ) : null}
      </section>
      <RestoreDialog check={check} onClose={() => setCheck(null)} />
    </section>
  );
}
