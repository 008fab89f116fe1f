import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { notifyError } from '#client/lib/notify.ts';
import type { Message } from '#shared/chat/chat-schemas.ts';
import { getMessagePage, OLDER_PAGE_SIZE } from './api/get-messages.ts';

/** Most messages one request may ask for (MESSAGE_PAGE.max on the server). */
const LARGEST_PAGE = 1000;

/**
 * The older pages of a conversation, fetched as the user scrolls up (or all of them, for the
 * search overlay), put in front of the loaded messages. `conversation` names the conversation
 * the list holds now, so a page that arrives after the user moved on is dropped.
 */
export function useOlderMessages<T>(
  conversation: { readonly current: string | null },
  setItems: Dispatch<SetStateAction<T[]>>,
  toItem: (message: Message) => T,
) {
  const cursor = useRef<string | null>(null);
  const busy = useRef<Promise<boolean> | null>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  /** After the first page: where the older messages start (null: there are none). */
  const setCursor = useCallback((next: string | null) => {
    cursor.current = next;
    setHasOlder(next !== null);
  }, []);

  const loadOlder = useCallback(
    /** Resolves false when the page could not be loaded (the error toast is shown). */
    (limit = OLDER_PAGE_SIZE): Promise<boolean> => {
      const conversationId = conversation.current;
      const before = cursor.current;
      if (busy.current) return busy.current;
      if (!conversationId || !before) return Promise.resolve(true);
      setLoadingOlder(true);
      busy.current = getMessagePage(conversationId, { limit, before })
        .then((page) => {
          if (conversation.current !== conversationId || cursor.current !== before) return true;
          setCursor(page.olderCursor);
          setItems((items) => [...page.messages.map(toItem), ...items]);
          return true;
        })
        .catch((error: unknown) => {
          // No automatic retries from the scroll position: scrolling up again retries.
          if (conversation.current === conversationId) notifyError(error);
          return false;
        })
        .finally(() => {
          busy.current = null;
          setLoadingOlder(false);
        });
      return busy.current;
    },
    [conversation, setCursor, setItems, toItem],
  );

  /** Every older page, in the largest pages the server gives: the whole conversation is local. */
  const loadAll = useCallback(async () => {
    const conversationId = conversation.current;
    // On a failure (reported by loadOlder) what is loaded stays searchable.
    while (cursor.current && conversation.current === conversationId) {
      if (!(await loadOlder(LARGEST_PAGE))) return;
    }
  }, [conversation, loadOlder]);

  return { hasOlder, loadingOlder, setCursor, loadOlder, loadAll };
}
