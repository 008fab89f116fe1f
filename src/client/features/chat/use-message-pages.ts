import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { notifyError } from '#client/lib/notify.ts';
import type { Message } from '#shared/chat/chat-schemas.ts';
import { getMessagePage, OLDER_PAGE_SIZE } from './api/get-messages.ts';

/** Most messages one request may ask for (MESSAGE_PAGE.max on the server). */
const LARGEST_PAGE = 1000;

/**
 * The older pages of a conversation, fetched as the user scrolls up (or all of them, for the
 * search overlay, or back to a search hit's message), put in front of the loaded messages.
 * `conversation` names the conversation the list holds now, so a page that arrives after the
 * user moved on is dropped.
 */
export function useOlderMessages<T>(
  conversation: { readonly current: string | null },
  setItems: Dispatch<SetStateAction<T[]>>,
  toItem: (message: Message) => T,
) {
  const cursor = useRef<string | null>(null);
  const busy = useRef<Promise<Message[] | null> | null>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  /** After the first page: where the older messages start (null: there are none). */
  const setCursor = useCallback((next: string | null) => {
    cursor.current = next;
    setHasOlder(next !== null);
  }, []);

  /** The next older page, put in front; null when it could not be loaded (the toast is shown). */
  const fetchOlder = useCallback(
    (limit: number): Promise<Message[] | null> => {
      const conversationId = conversation.current;
      const before = cursor.current;
      if (busy.current) return busy.current;
      if (!conversationId || !before) return Promise.resolve([]);
      setLoadingOlder(true);
      busy.current = getMessagePage(conversationId, { limit, before })
        .then((page) => {
          if (conversation.current !== conversationId || cursor.current !== before) return [];
          setCursor(page.olderCursor);
          setItems((items) => [...page.messages.map(toItem), ...items]);
          return page.messages;
        })
        .catch((error: unknown) => {
          // No automatic retries from the scroll position: scrolling up again retries.
          if (conversation.current === conversationId) notifyError(error);
          return null;
        })
        .finally(() => {
          busy.current = null;
          setLoadingOlder(false);
        });
      return busy.current;
    },
    [conversation, setCursor, setItems, toItem],
  );

  const loadOlder = useCallback(
    /** Resolves false when the page could not be loaded (the error toast is shown). */
    async (limit = OLDER_PAGE_SIZE): Promise<boolean> => (await fetchOlder(limit)) !== null,
    [fetchOlder],
  );

  /** Every older page, in the largest pages the server gives: the whole conversation is local. */
  const loadAll = useCallback(async () => {
    const conversationId = conversation.current;
    // On a failure (reported by loadOlder) what is loaded stays searchable.
    while (cursor.current && conversation.current === conversationId) {
      if (!(await loadOlder(LARGEST_PAGE))) return;
    }
  }, [conversation, loadOlder]);

  /**
   * Older pages, in the largest pages the server gives, until one holds a message `wanted`
   * accepts (true) or the conversation's start is reached or a page fails (false).
   */
  const loadUntil = useCallback(
    async (wanted: (message: Message) => boolean): Promise<boolean> => {
      const conversationId = conversation.current;
      while (cursor.current && conversation.current === conversationId) {
        const page = await fetchOlder(LARGEST_PAGE);
        if (page === null) return false;
        if (page.some(wanted)) return conversation.current === conversationId;
      }
      return false;
    },
    [conversation, fetchOlder],
  );

  return { hasOlder, loadingOlder, setCursor, loadOlder, loadAll, loadUntil };
}
