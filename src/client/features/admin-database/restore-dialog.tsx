import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '#client/components/ui/modal-dialog.tsx';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';
import type { RestoreCheck } from '#shared/admin/backups.ts';
import { useRestoreBackup } from './api/restore-backup.ts';

/**
 * The checked backup (its rows per table, counted in a scratch database) and the confirmation
 * that replaces the live data with it.
 */
export function RestoreDialog({
  check,
  onClose,
}: {
  check: RestoreCheck | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminDatabase');
  const { mutation: restore, answerLost } = useRestoreBackup();
  const [understood, setUnderstood] = useState(false);

  const close = () => {
    setUnderstood(false);
    restore.reset();
    onClose();
  };

  return (
    <ModalDialog
      open={check !== null}
      onOpenChange={(open) => {
        if (!open && !restore.isPending) close();
      }}
      title={t('restore.dialogTitle')}
      closeLabel={t('restore.close')}
    >
      {check ? (
        <>
          <p>{t('restore.checked', { file: check.filename })}</p>
          <div className="max-h-64 overflow-y-auto">
            <table className="w-full text-left text-sm" aria-label={t('restore.contents')}>
              <thead className="text-muted">
                <tr>
                  <th className="py-1 pr-3 font-medium">{t('restore.table')}</th>
                  <th className="py-1 font-medium">{t('restore.rows')}</th>
                </tr>
              </thead>
              <tbody>
                {check.tables.map((table) => (
                  <tr key={table.name} className="border-t border-line">
                    <td className="py-1 pr-3">
                      <code>{table.name}</code>
                    </td>
                    <td className="py-1 tabular-nums">{table.rows}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {restore.isSuccess ? (
            <p role="status">{t('restore.done')}</p>
          ) : (
            <>
              <p role="alert" className="text-danger">
                {t('restore.warning')}
              </p>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={understood}
                  onChange={(event) => setUnderstood(event.target.checked)}
                />
                {t('restore.confirm')}
              </label>
            </>
          )}
          {restore.isPending && answerLost ? <p role="status">{t('restore.answerLost')}</p> : null}
          <div className="flex gap-2">
            {restore.isSuccess ? (
              <button type="button" className="btn-primary" onClick={close}>
                {t('restore.close')}
              </button>
            ) : (
              <button
                type="button"
                className="btn-primary"
                disabled={!understood || restore.isPending}
                onClick={() =>
                  restore.mutate(check.checkToken, {
                    onSuccess: () => notifySuccess(t('restore.done')),
                    onError: (error) => notifyError(error),
                  })
                }
              >
                {restore.isPending ? t('restore.restoring') : t('restore.start')}
              </button>
            )}
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}
