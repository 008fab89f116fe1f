import { useSyncExternalStore } from 'react';

/**
 * The modal <dialog> elements open now, the newest last. A modal dialog sits in the browser's top
 * layer and makes everything outside it inert, so whatever must show above it and stay usable
 * (the toasts) is rendered inside the newest one.
 */
let modals: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function emit(next: HTMLDialogElement[]) {
  modals = next;
  for (const listener of listeners) listener();
}

export function addOpenModal(dialog: HTMLDialogElement) {
  emit([...modals.filter((open) => open !== dialog), dialog]);
}

export function removeOpenModal(dialog: HTMLDialogElement) {
  if (modals.includes(dialog)) emit(modals.filter((open) => open !== dialog));
}

/** The newest open modal dialog, or null. */
export function useTopModal(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => modals.at(-1) ?? null,
  );
}
