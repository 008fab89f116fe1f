import { useEffect, useRef, type MouseEvent } from 'react';
import { addOpenModal, removeOpenModal } from './open-modals.ts';

/**
 * A native <dialog> shown as a modal while `open`: the browser traps focus, makes the page
 * behind inert and closes it on Escape. Returns the props for the <dialog>; a click on the
 * backdrop (which lands on the dialog element itself) closes it too.
 * showModal() focuses the dialog's first focusable element (its close button), undoing React's
 * `autoFocus`, which focuses on mount but sets no `autofocus` attribute the browser would honour:
 * an element marked `data-autofocus` gets the focus back.
 */
export function useNativeModal(open: boolean, onOpenChange: (open: boolean) => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
    if (!open) return;
    // The toasts render inside the open modal, above its backdrop and not inert (toaster.tsx).
    addOpenModal(dialog);
    return () => removeOpenModal(dialog);
  }, [open]);
  return {
    ref,
    onClose: () => onOpenChange(false),
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onOpenChange(false);
    },
  };
}
