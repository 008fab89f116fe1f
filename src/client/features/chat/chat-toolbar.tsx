import { FileDown, FileText, Plus, Search, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '#shared/export/export-schemas.ts';
import { ExportMenu } from './export-menu.tsx';

/**
 * The chat's top bar (spec 01-core §2): New chat, Stop while a reply is generated, search, and
 * export: text and Markdown in the bar, JSON, HTML and PDF in a menu.
 */
export function ChatToolbar({
  busy,
  searchOpen,
  onNewChat,
  onStop,
  onToggleSearch,
  onExport,
}: {
  busy: boolean;
  searchOpen: boolean;
  onNewChat: () => void;
  onStop: () => void;
  onToggleSearch: () => void;
  onExport: (format: ExportFormat) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <div
      role="toolbar"
      aria-label={t('toolbar')}
      // Above the message list, which is positioned too: the export menu opens over it.
      className="relative z-10 flex flex-wrap items-center gap-2 border-b border-line bg-surface/90 px-3 py-2 backdrop-blur"
    >
      <button type="button" className="btn-ghost" onClick={onNewChat}>
        <Plus aria-hidden className="size-4" />
        {t('newChat')}
      </button>
      {busy ? (
        <button type="button" className="btn-outline" onClick={onStop}>
          <Square aria-hidden className="size-4" />
          {t('stop')}
        </button>
      ) : null}
      <span className="flex-1" />
      <button
        type="button"
        className="btn-ghost"
        aria-pressed={searchOpen}
        onClick={onToggleSearch}
      >
        <Search aria-hidden className="size-4" />
        {t('search.open')}
      </button>
      <button type="button" className="btn-ghost" onClick={() => onExport('txt')}>
        <FileText aria-hidden className="size-4" />
        {t('export.txt')}
      </button>
      <button type="button" className="btn-ghost" onClick={() => onExport('md')}>
        <FileDown aria-hidden className="size-4" />
        {t('export.md')}
      </button>
      <ExportMenu onExport={onExport} />
    </div>
  );
}
