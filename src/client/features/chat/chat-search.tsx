import { X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The in-chat search overlay (spec 01-core §2): the messages are filtered by a case-insensitive
 * substring of their content; closing clears the query.
 */
export default function ChatSearch({
  query,
  matches,
  loadingAll,
  onQuery,
  onClose,
}: {
  query: string;
  /** Messages that match; null while the query is empty. */
  matches: number | null;
  /** Older pages are still being fetched, so more matches may come. */
  loadingAll: boolean;
  onQuery: (query: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const inputId = useId();
  return (
    <search className="flex items-center gap-2 border-b border-line bg-surface px-3 py-2">
      <label htmlFor={inputId} className="sr-only">
        {t('search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        // The overlay opens on request: the field is where the user wants to type.
        autoFocus
        value={query}
        placeholder={t('search.placeholder')}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
        className="field-input min-w-0 flex-1 py-1.5 text-sm"
      />
      <span role="status" className="text-sm whitespace-nowrap text-muted">
        {matches === null ? '' : t('search.matches', { count: matches })}
        {loadingAll ? ` ${t('search.loadingAll')}` : ''}
      </span>
      <button type="button" className="btn-ghost" aria-label={t('search.close')} onClick={onClose}>
        <X aria-hidden className="size-4" />
      </button>
    </search>
  );
}
