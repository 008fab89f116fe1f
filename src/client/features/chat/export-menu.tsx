import { ChevronDown, Download, FileCode, FileJson, FileType } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '#shared/export/export-schemas.ts';
import { BAR_BUTTON, BAR_LABEL } from './bar-button.tsx';

/** The formats of the menu; text and Markdown have their own buttons in the bar (spec §2). */
const MENU_FORMATS = [
  { format: 'json', Icon: FileJson },
  { format: 'html', Icon: FileCode },
  { format: 'pdf', Icon: FileType },
] as const satisfies { format: ExportFormat; Icon: unknown }[];

/**
 * A menu button (WAI-ARIA menu pattern): arrow keys move between the items, Escape closes and
 * returns focus to the button, a click outside closes.
 */
export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => void }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items.current.filter((item) => item !== null);
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(index + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className={BAR_BUTTON}
        title={t('export.more')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Download aria-hidden className="size-4 shrink-0 @min-[64rem]:hidden" />
        <span className={BAR_LABEL}>{t('export.more')}</span>
        <ChevronDown aria-hidden className="hidden size-4 shrink-0 @min-[64rem]:block" />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t('export.more')}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-20 mt-1 flex min-w-48 flex-col rounded-xl border border-line bg-surface p-1 shadow-lg"
        >
          {MENU_FORMATS.map(({ format, Icon }, index) => (
            <button
              key={format}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-fg hover:bg-surface-2 focus:bg-surface-2 focus:outline-none"
              onClick={() => {
                setOpen(false);
                onExport(format);
              }}
            >
              <Icon aria-hidden className="size-4" />
              {t(`export.${format}`)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
