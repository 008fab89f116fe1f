import { FileDown, FileText, Plus, Search, Square } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '#shared/export/export-schemas.ts';
import { BarButton } from './bar-button.tsx';
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
  searchButtonRef,
}: {
  busy: boolean;
  searchOpen: boolean;
  /** The Search toggle, which gets the focus back when the overlay closes itself. */
  searchButtonRef?: Ref<HTMLButtonElement>;
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
      className="@container relative z-10 flex flex-wrap items-center gap-1 border-b border-line bg-surface/90 px-3 py-2 backdrop-blur @min-[64rem]:gap-2"
    >
      <BarButton
        icon={Plus}
        label={t('newChat')}
        labelClass="sr-only @min-[30rem]:not-sr-only"
        onClick={onNewChat}
      />
      {busy ? (
        <button type="button" className="btn-outline" onClick={onStop}>
          <Square aria-hidden className="size-4" />
          {t('stop')}
        </button>
      ) : null}
      <span className="flex-1" />
      <BarButton
        ref={searchButtonRef}
        icon={Search}
        label={t('search.open')}
        aria-pressed={searchOpen}
        onClick={onToggleSearch}
      />
      <BarButton icon={FileText} label={t('export.txt')} onClick={() => onExport('txt')} />
      <BarButton icon={FileDown} label={t('export.md')} onClick={() => onExport('md')} />
      <ExportMenu onExport={onExport} />
    </div>
  );
}
