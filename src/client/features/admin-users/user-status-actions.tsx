import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ModalDialog } from '#client/components/ui/modal-dialog.tsx';
import type { AdminUserDetail } from '#shared/admin/admin-users-schemas.ts';
import { useUserChange } from './api/user-mutations.ts';

/** Suspend (with a reason) or unsuspend, and erase the account after a confirmation. */
export function UserStatusActions({ user }: { user: AdminUserDetail['user'] }) {
  const { t } = useTranslation('adminUsers');
  const change = useUserChange(user.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  function suspend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const entry = new FormData(event.currentTarget).get('reason');
    const reason = typeof entry === 'string' ? entry.trim() : '';
    if (reason) change.mutate({ kind: 'suspend', reason });
  }

  function erase() {
    change.mutate(
      { kind: 'delete' },
      {
        onSuccess: () => {
          setConfirming(false);
          void navigate('/admin/users');
        },
      },
    );
  }

  return (
    <div className="card flex flex-col gap-4">
      <h2 className="font-semibold">{t('status.title')}</h2>
      {user.status === 'suspended' ? (
        <button
          type="button"
          className="btn-outline self-start"
          disabled={change.isPending}
          onClick={() => change.mutate({ kind: 'unsuspend' })}
        >
          {t('suspend.undo')}
        </button>
      ) : (
        <form className="flex flex-col gap-2" onSubmit={suspend}>
          <label className="flex flex-col gap-1 text-sm">
            {t('suspend.reason')}
            <input name="reason" className="field-input" required maxLength={500} />
          </label>
          <p className="text-xs text-muted">{t('suspend.explain')}</p>
          <button type="submit" className="btn-outline self-start" disabled={change.isPending}>
            {t('suspend.action')}
          </button>
        </form>
      )}
      <div className="flex flex-col gap-2 border-t border-line pt-4">
        <p className="text-xs text-muted">{t('delete.explain')}</p>
        <button
          type="button"
          className="btn-outline self-start text-danger"
          onClick={() => setConfirming(true)}
        >
          {t('delete.action')}
        </button>
      </div>
      <ModalDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('delete.confirmTitle', { username: user.username })}
        closeLabel={t('delete.cancel')}
      >
        <p>{t('delete.confirmText')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={() => setConfirming(false)}>
            {t('delete.cancel')}
          </button>
          <button type="button" className="btn-primary" disabled={change.isPending} onClick={erase}>
            {t('delete.confirm')}
          </button>
        </div>
      </ModalDialog>
    </div>
  );
}
