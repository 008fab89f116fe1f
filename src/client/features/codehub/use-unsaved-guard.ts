import { useEffect } from 'react';

/**
 * While `unsaved`, the browser asks before a reload or closing the tab drops the user's edits. The
 * app's own links cannot be held back this way (BrowserRouter has no blocker): a page asks on its
 * own links and buttons that leave it.
 */
export function useUnsavedGuard(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers before the standard's preventDefault() ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
}
