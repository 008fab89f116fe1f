import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { HttpError } from '#client/lib/http.ts';
import { notifyError } from '#client/lib/notify.ts';
import type { Message } from '#shared/chat/chat-schemas.ts';
import {
  FIRST_PAGE_SIZE,
  getMessagePage,
  OLDER_PAGE_SIZE,
  type MessagePage,
} from './api/get-messages.ts';

/** Most messages one request may ask for (MESSAGE_PAGE.max on the server). */
const LARGEST_PAGE = 1000;

type Direction = 'older' | 'newer';
type Cursors = Record<Direction, string | null>;

/**
 * The pages of a conversation beyond the loaded messages: older ones as the user scrolls up, newer
 * ones as the user scrolls down a list opened at a search hit (issue #5), or all of them for the
 * search overlay. `conversation` names the conversation the list holds now, so a page that arrives
 * after the user moved on is dropped. `onNewest` gets a page that ends at the conversation's
 * newest message: the list has reached its live end. A page whose cursor message is gone (404: an
 * edit or regenerate elsewhere cut the conversation) is no end of it: the conversation's newest
 * page replaces the list, as when it opened, and paging goes on from there (decision 308).
 */
export function useMessagePages<T>(
  conversation: { readonly current: string | null },
  setItems: Dispatch<SetStateAction<T[]>>,
  toItem: (message: Message) => T,
  onNewest: (messages: Message[]) => void,
) {
  const cursors = useRef<Cursors>({ older: null, newer: null });
  const busy = useRef<Partial<Record<Direction, Promise<Message[] | null>>>>({});
  const [has, setHas] = useState({ older: false, newer: false });
  const [loading, setLoading] = useState({ older: false, newer: false });
  /** Bumped when the loaded messages are replaced: the list opens anew. */
  const [windowKey, setWindowKey] = useState(0);

  /** Where the older and newer messages start (null: there are none). */
  const setCursors = useCallback((next: Partial<Cursors>) => {
    cursors.current = { ...cursors.current, ...next };
    setHas({ older: cursors.current.older !== null, newer: cursors.current.newer !== null });
  }, []);

  /** Replaces the loaded messages by `page`, followed by what `keep` keeps of them. */
  const show = useCallback(
    (page: MessagePage, keep: (items: T[]) => T[] = () => []) => {
      setCursors({ older: page.olderCursor, newer: page.newerCursor });
      setItems((items) => [...page.messages.map(toItem), ...keep(items)]);
      setWindowKey((key) => key + 1);
      if (page.newerCursor === null) onNewest(page.messages);
    },
    [setCursors, setItems, toItem, onNewest],
  );

  /** The next page that way, put in front or after; null when it could not be loaded (toast shown). */
  const fetchPage = useCallback(
    (direction: Direction, limit: number): Promise<Message[] | null> => {
      const conversationId = conversation.current;
      const cursor = cursors.current[direction];
      const pending = busy.current[direction];
      if (pending) return pending;
      if (!conversationId || !cursor) return Promise.resolve([]);
      const older = direction === 'older';
      const stale = () =>
        conversation.current !== conversationId || cursors.current[direction] !== cursor;
      setLoading((state) => ({ ...state, [direction]: true }));
      /** The conversation as it is now; a 404 here (the conversation is gone) is reported. */
      const showNewest = async () => {
        const page = await getMessagePage(conversationId, { limit: FIRST_PAGE_SIZE });
        if (stale()) return [];
        show(page);
        return page.messages;
      };
      const request = getMessagePage(conversationId, {
        limit,
        [older ? 'before' : 'after']: cursor,
      })
        .then(
          (page) => {
            if (stale()) return [];
            const added = page.messages.map(toItem);
            setCursors({ [direction]: older ? page.olderCursor : page.newerCursor });
            setItems((items) => (older ? [...added, ...items] : [...items, ...added]));
            if (!older && page.newerCursor === null) onNewest(page.messages);
            return page.messages;
          },
          (error: unknown) => {
            if (!(error instanceof HttpError && error.status === 404)) throw error;
            return stale() ? [] : showNewest();
          },
        )
        .catch((error: unknown) => {
          // No automatic retries from the scroll position: scrolling again retries.
          if (conversation.current === conversationId) notifyError(error);
          return null;
        })
        .finally(() => {
          delete busy.current[direction];
          setLoading((state) => ({ ...state, [direction]: false }));
        });
      busy.current[direction] = request;
      return request;
    },
    [conversation, setCursors, setItems, toItem, onNewest, show],
  );

  const loadOlder = useCallback(
    /** Resolves false when the page could not be loaded (the error toast is shown). */
    async (limit = OLDER_PAGE_SIZE) => (await fetchPage('older', limit)) !== null,
    [fetchPage],
  );
  const loadNewer = useCallback(
    async (limit = OLDER_PAGE_SIZE) => (await fetchPage('newer', limit)) !== null,
    [fetchPage],
  );

  /** Every page both ways, in the largest pages the server gives: the whole conversation is local. */
  const loadAll = useCallback(async () => {
    const conversationId = conversation.current;
    // Older pages first. The newest page that replaces a cut list has older ones again.
    const next = (): Direction | null =>
      cursors.current.older ? 'older' : cursors.current.newer ? 'newer' : null;
    for (let direction = next(); direction; direction = next()) {
      if (conversation.current !== conversationId) return;
      // On a failure (reported by fetchPage) what is loaded stays searchable.
      if ((await fetchPage(direction, LARGEST_PAGE)) === null) return;
    }
  }, [conversation, fetchPage]);

  return {
    hasOlder: has.older,
    hasNewer: has.newer,
    loadingOlder: loading.older,
    loadingNewer: loading.newer,
    windowKey,
    /** Whether the loaded messages reach the conversation's newest one. */
    isAtEnd: useCallback(() => cursors.current.newer === null, []),
    setCursors,
    show,
    loadOlder,
    loadNewer,
    loadAll,
  };
}
