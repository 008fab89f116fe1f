import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { ConversationSummary } from '#client/features/conversations/api/get-conversations.ts';

/** Title shown for an untitled conversation (spec 01-core §3). */
export function ConversationTitle({ conversation }: { conversation: ConversationSummary }) {
  const { t } = useTranslation();
  return <>{conversation.title || t('conversations.untitled')}</>;
}

/** The sidebar's recent conversations, filtered by title, case-insensitive (spec 01-core §2, §5). */
export function RecentConversations({ conversations }: { conversations: ConversationSummary[] }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? conversations.filter((item) =>
        (item.title || t('conversations.untitled')).toLowerCase().includes(needle),
      )
    : conversations;

  return (
    <section aria-labelledby={`${inputId}-heading`} className="flex min-h-0 flex-1 flex-col gap-2">
      <h2
        id={`${inputId}-heading`}
        className="px-2 text-xs font-semibold tracking-wide text-muted uppercase"
      >
        {t('conversations.recent')}
      </h2>
      <div className="relative px-1">
        <Search
          size={14}
          className="absolute top-1/2 left-3 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <label htmlFor={inputId} className="sr-only">
          {t('conversations.searchLabel')}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('conversations.searchPlaceholder')}
          className="field-input py-1.5 pl-7 text-sm"
        />
      </div>
      <ul className="min-h-0 flex-1 overflow-y-auto px-1">
        {shown.map((conversation) => (
          <li key={conversation.conversationId}>
            <NavLink
              to={`/chat/${conversation.conversationId}`}
              className="block truncate rounded-md px-2 py-1.5 text-sm text-fg hover:bg-surface-2 aria-[current=page]:bg-surface-2"
            >
              <ConversationTitle conversation={conversation} />
            </NavLink>
          </li>
        ))}
        {shown.length === 0 ? (
          <li className="px-2 py-1.5 text-sm text-muted">
            {needle ? t('conversations.noMatches') : t('conversations.none')}
          </li>
        ) : null}
      </ul>
    </section>
  );
}
