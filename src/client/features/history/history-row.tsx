import { Loader2, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConversationSummary } from '#client/lib/api/get-conversations.ts';
import { formatDate } from '#client/lib/format-date.ts';

/** Every row is this tall, so the list can render only the rows in view. */
export const HISTORY_ROW_HEIGHT = 68;

/**
 * One conversation (spec 01-core §2 History): title ('Neues Gespräch' if empty), the date in the
 * interface language's format, a link to /chat/{conversationId} and a delete button that shows
 * a spinner while the deletion runs.
 */
export function HistoryRow({
  conversation,
  deleting,
  onDelete,
}: {
  conversation: ConversationSummary;
  deleting: boolean;
  onDelete: (conversation: ConversationSummary, title: string) => void;
}) {
  const { t, i18n } = useTranslation('history');
  const title = conversation.title || i18n.t('common:conversations.untitled');
  const date = conversation.updatedAt ?? conversation.timestamp;
  return (
    <div className="flex h-full items-center gap-2 border-b border-line px-1">
      <Link
        to={`/chat/${encodeURIComponent(conversation.conversationId)}`}
        className="flex min-w-0 flex-1 flex-col rounded-lg px-3 py-2 hover:bg-surface-2"
      >
        <span className="truncate font-medium">{title}</span>
        <time dateTime={date} className="text-sm text-muted">
          {formatDate(date, i18n.language)}
        </time>
      </Link>
      <button
        type="button"
        className="btn-ghost shrink-0 px-3 text-muted hover:text-red-400"
        aria-label={t('delete', { title })}
        title={t('delete', { title })}
        disabled={deleting}
        aria-busy={deleting}
        onClick={() => onDelete(conversation, title)}
      >
        {deleting ? (
          <Loader2 size={18} className="animate-spin" aria-hidden="true" />
        ) : (
          <Trash2 size={18} aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
