import { useEffect } from 'react';
import { useCurrent } from './use-current.ts';

/** Ctrl+S / Cmd+S saves instead of opening the browser's "save page" dialog. */
export function useSaveShortcut(onSave: () => void) {
  const latest = useCurrent(onSave);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        latest.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [latest]);
}
