import { useTranslation } from 'react-i18next';
import type { UserStatus } from '#shared/admin/admin-users-schemas.ts';

const TONE: Record<UserStatus, string> = {
  active: 'border-line text-fg',
  suspended: 'border-danger text-danger',
  deleted: 'border-line text-muted',
};

export function StatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('adminUsers');
  return (
    <span className={`rounded-full border px-2 py-0.5 text-xs ${TONE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}
