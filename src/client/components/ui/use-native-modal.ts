import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addOpenModal, removeOpenModal } from './open-modals.ts';

/** Whether a click lies outside the dialog's box, on the backdrop, not in its padding. */
function isOutside(dialog: HTMLDialogElement, event: MouseEvent) {
  const box = dialog.getBoundingClientRect();
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  );
}

/**
 * A native <dialog> shown as a modal while `open`: the browser traps focus, makes the page
 * behind inert and closes it on Escape. Returns the props for the <dialog>; a click on the
 * backdrop closes it too. A backdrop click lands on the dialog element itself, as do a click in
 * its padding and a text selection dragged out of it and released over the backdrop: only a
 * press and release both on the backdrop, outside the dialog's box, close it.
 * With `shouldKeepEdits` (a form), once something in the dialog was typed or chosen a backdrop
 * click leaves it open and Escape asks before throwing the input away.
 * showModal() focuses the dialog's first focusable element (its close button), undoing React's
 * `autoFocus`, which focuses on mount but sets no `autofocus` attribute the browser would honour:
 * an element marked `data-autofocus` gets the focus back.
 */
export function useNativeModal(
  open: boolean,
  onOpenChange: (open: boolean) => void,
  { shouldKeepEdits = false }: { shouldKeepEdits?: boolean } = {},
) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const edited = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      edited.current = false;
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
    onInput: () => {
      edited.current = true;
    },
    onPointerDown: (event: MouseEvent<HTMLDialogElement>) => {
      pressedOnBackdrop.current =
        event.target === event.currentTarget && isOutside(event.currentTarget, event);
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      const pressed = pressedOnBackdrop.current;
      pressedOnBackdrop.current = false;
      if (!pressed || event.target !== event.currentTarget) return;
      if (!isOutside(event.currentTarget, event)) return;
      if (shouldKeepEdits && edited.current) return;
      onOpenChange(false);
    },
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      if (!shouldKeepEdits || !edited.current) return;
      if (!window.confirm(t('dialog.discardEdits'))) event.preventDefault();
    },
  };
}
