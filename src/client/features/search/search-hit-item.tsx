import { MessageSquare, Type } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HighlightedSnippet } from '#client/features/search/highlighted-snippet.tsx';
import { formatDate } from '#client/lib/format-date.ts';
import type { SearchHit } from '#shared/search/search-schemas.ts';

/** One search hit: the conversation's title, who wrote the match, the date and the snippet. */
export function SearchHitItem({ hit, onNavigate }: { hit: SearchHit; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('history');
  const title = hit.conversationTitle || i18n.t('common:conversations.untitled');
  const source =
    hit.kind === 'conversation'
      ? t('search.titleMatch')
      : hit.isUserMessage
        ? t('search.you')
        : t('search.assistant');
  const Icon = hit.kind === 'conversation' ? Type : MessageSquare;
  // A message hit opens the conversation at that message (chat-page.tsx), a title hit at its end.
  const at = hit.kind === 'message' && hit.messageId !== null ? `?message=${hit.messageId}` : '';
  return (
    <Link
      to={`/chat/${encodeURIComponent(hit.conversationId)}${at}`}
      onClick={onNavigate}
      className="flex flex-col gap-1 rounded-lg px-3 py-2 hover:bg-surface-2"
    >
      <span className="flex items-baseline gap-2">
        <span className="min-w-0 flex-1 truncate font-medium">{title}</span>
        <time dateTime={hit.timestamp} className="shrink-0 text-xs text-muted">
          {formatDate(hit.timestamp, i18n.language)}
        </time>
      </span>
      <span className="flex gap-2 text-sm text-muted">
        <Icon size={14} className="mt-1 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">
          <span className="font-medium">{source}: </span>
          <HighlightedSnippet snippet={hit.snippet} />
        </span>
      </span>
    </Link>
  );
}
