import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '#client/features/search/search-panel.tsx';

/**
 * The search across all conversations as a modal native <dialog> (focus trap, Escape, inert
 * page; Radix Dialog's scroll lock injects a <style> element our CSP refuses). Loaded on first
 * open; following a hit closes it.
 */
export default function SearchDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('history');
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="search-dialog-title"
      data-testid="search-dialog"
      className="fixed inset-x-0 top-[8vh] mx-auto max-h-[80vh] w-[min(640px,calc(100%-2rem))] flex-col gap-3 rounded-2xl border border-line bg-surface p-4 text-fg shadow-xl backdrop:bg-black/50 open:flex"
      onClose={() => onOpenChange(false)}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
    >
      <div className="flex items-center gap-2">
        <h2 id="search-dialog-title" className="text-lg font-semibold">
          {t('search.title')}
        </h2>
        <button
          type="button"
          className="btn-ghost ml-auto px-2"
          aria-label={t('search.close')}
          onClick={() => onOpenChange(false)}
        >
          <X size={20} aria-hidden="true" />
        </button>
      </div>
      {/* Mounted only while open, so every opening starts with an empty query. */}
      {open ? (
        <SearchPanel userId={userId} autoFocus onNavigate={() => onOpenChange(false)} />
      ) : null}
    </dialog>
  );
}
