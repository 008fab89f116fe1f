import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';
import type { AdminSubscription } from '#shared/admin/admin-billing-schemas.ts';
import { SANDBOX_ACTIONS, useSandboxAction } from './api/sandbox-action.ts';

/** Renew, end the period or refund a sandbox subscription now (the sandbox's clock, issue 11). */
export function SandboxControls({ subscription }: { subscription: AdminSubscription }) {
  const { t } = useTranslation('adminSubscriptions');
  const action = useSandboxAction();
  return (
    <div
      className="flex flex-wrap gap-1"
      role="group"
      aria-label={t('sandbox.label', { username: subscription.username })}
    >
      {SANDBOX_ACTIONS.map((name) => (
        <button
          key={name}
          type="button"
          className="btn-outline min-h-8 px-2 py-1 text-xs"
          disabled={action.isPending}
          onClick={() =>
            action.mutate(
              { userId: subscription.userId, action: name },
              {
                onSuccess: () => notifySuccess(t(`sandbox.done.${name}`)),
                onError: (error) => notifyError(error),
              },
            )
          }
        >
          {t(`sandbox.${name}`)}
        </button>
      ))}
    </div>
  );
}
