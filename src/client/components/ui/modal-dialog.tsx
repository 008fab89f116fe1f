import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNativeModal } from './use-native-modal.ts';

/**
 * A modal native <dialog>: the browser traps focus, makes the page inert and closes it on
 * Escape or a click on the backdrop (Radix Dialog's scroll lock injects a <style> element, which
 * our CSP refuses). The content is mounted only while open, so each opening starts afresh: a form
 * passes `shouldKeepEdits`, so that a stray click or Escape does not throw away what was typed.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  closeLabel,
  children,
  testId,
  className = 'w-[min(640px,calc(100%-2rem))]',
  shouldKeepEdits = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  testId?: string;
  className?: string;
  shouldKeepEdits?: boolean;
}) {
  const modal = useNativeModal(open, onOpenChange, { shouldKeepEdits });
  return (
    <dialog
      {...modal}
      aria-label={title}
      data-testid={testId}
      className={`fixed inset-x-0 top-[5vh] mx-auto max-h-[90vh] flex-col gap-3 overflow-y-auto rounded-2xl border border-line bg-surface p-5 text-fg shadow-xl backdrop:bg-black/50 open:flex ${className}`}
    >
      <div className="flex items-center gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        <button
          type="button"
          className="btn-ghost ml-auto px-2"
          aria-label={closeLabel}
          onClick={() => onOpenChange(false)}
        >
          <X size={20} aria-hidden="true" />
        </button>
      </div>
      {open ? children : null}
    </dialog>
  );
}
