import { useTranslation } from 'react-i18next';
import type { OmnichannelMessage } from '#shared/omnichannel/inbox-schemas.ts';
import { useAssignees, type Assignee } from './api/assignees.ts';
import { useInboxAction } from './api/inbox.ts';

const NOBODY = '';

/** The name of whoever holds the message, as the thread's header shows it. */
export function assigneeLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  assignedTo: number | null,
  selfId: number | undefined,
  assignees: readonly Assignee[] | undefined,
) {
  if (assignedTo === null) return t('inbox.unassigned');
  if (assignedTo === selfId) return t('inbox.assignedToMe');
  const name = assignees?.find((admin) => admin.id === assignedTo)?.name;
  return name ? t('thread.assignedToName', { name }) : t('thread.assignedTo', { id: assignedTo });
}

/** Assigns the thread's message to any administrator, or to nobody. */
export function AssigneeSelect({ inbound }: { inbound: OmnichannelMessage }) {
  const { t } = useTranslation('omnichannel');
  const assignees = useAssignees();
  const action = useInboxAction(inbound.id);
  const admins = assignees.data ?? [];
  const current = inbound.assignedTo;
  // Someone no longer listed (suspended meanwhile) still shows as who holds it.
  const unlisted = current !== null && !admins.some((admin) => admin.id === current);
  return (
    <label className="flex items-center gap-2 text-sm">
      {t('thread.assignee')}
      <select
        className="field-input"
        value={current === null ? NOBODY : String(current)}
        disabled={action.isPending || assignees.isPending}
        onChange={(event) => {
          const value = event.target.value;
          action.mutate({ kind: 'assign', userId: value === NOBODY ? null : Number(value) });
        }}
      >
        <option value={NOBODY}>{t('inbox.unassigned')}</option>
        {unlisted ? (
          <option value={String(current)}>{t('thread.assignedTo', { id: current })}</option>
        ) : null}
        {admins.map((admin) => (
          <option key={admin.id} value={String(admin.id)}>
            {admin.name}
          </option>
        ))}
      </select>
    </label>
  );
}
