import { useTranslation } from 'react-i18next';
import type { EscalationNotice } from '#shared/omnichannel/escalation-notice-schemas.ts';

/**
 * Escalations that name the signed-in administrator, heard live on the inbox stream: a count, the
 * newest one's reason, and a way to open it (decision 286).
 */
export function EscalationNotices({
  notices,
  onOpen,
  onDismiss,
}: {
  notices: EscalationNotice[];
  onOpen: (threadKey: string) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('omnichannel');
  const [latest] = notices;
  if (!latest) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded border border-accent bg-accent/10 p-2 text-sm"
    >
      <span className="rounded-full bg-accent-strong px-2 font-semibold text-white">
        {notices.length}
      </span>
      <span className="flex-1">
        {t('inbox.escalationNotice', { count: notices.length, reason: latest.reason })}
      </span>
      <button type="button" className="btn-primary" onClick={() => onOpen(latest.threadKey)}>
        {t('inbox.openEscalated')}
      </button>
      <button type="button" className="btn-outline" onClick={onDismiss}>
        {t('inbox.dismiss')}
      </button>
    </div>
  );
}
