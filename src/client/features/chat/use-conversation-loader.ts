import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '#client/components/ui/toast-store.ts';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import { HttpError } from '#client/lib/http.ts';
import { i18n } from '#client/lib/i18n.ts';
import { notifyError } from '#client/lib/notify.ts';
import { useLatest } from '#client/lib/use-latest.ts';
import { FIRST_PAGE_SIZE, getMessagePage, type MessagePage } from './api/get-messages.ts';
import { takeOpeningPage } from './api/opening-page.ts';
import type { ChatSession } from './chat-session.ts';

/** Whether messages are being loaded, and which load is the newest. */
export interface LoadTracker {
  /** `loading` at once, for the search hit's effect that runs in the same commit as the load. */
  isLoading: () => boolean;
  setLoading: (value: boolean) => void;
  /** A new load: every earlier one is stale from now on. Returns its number. */
  next: () => number;
  /** A load that a newer one replaced does not end the newer one's `loading`. */
  isCurrent: (load: number) => boolean;
}

export function useLoads() {
  const [loading, setLoadingState] = useState(false);
  const loadingRef = useRef(false);
  const count = useRef(0);
  const tracker = useMemo<LoadTracker>(
    () => ({
      isLoading: () => loadingRef.current,
      setLoading: (value) => {
        loadingRef.current = value;
        setLoadingState(value);
      },
      next: () => ++count.current,
      isCurrent: (load) => load === count.current,
    }),
    [],
  );
  return [loading, tracker] as const;
}

/**
 * The page a conversation opens with: the one around a search hit's message (issue #5), or the
 * newest (requested at start-up when the app opened on it). `onMissed`: the message is not in the
 * conversation (any more), so it opens at its newest.
 */
async function readOpeningPage(
  conversationId: string,
  around: number | null,
  userId: number | undefined,
  signal: AbortSignal,
  onMissed: () => void,
) {
  if (around !== null) {
    try {
      return await getMessagePage(conversationId, { limit: FIRST_PAGE_SIZE, around }, signal);
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
      onMissed();
    }
  }
  return takeOpeningPage(conversationId, userId, signal);
}

/**
 * Loads the conversation of the address (spec 01-core §4 "Loading a conversation id"): `routeId`
 * is the :id, `target` a search hit's message there, which the conversation opens at. Another
 * address (or none: a new chat) resets the local state first; `clear` resets the rest of it.
 */
export function useConversationLoader(options: {
  routeId: string | undefined;
  target: number | null;
  session: ChatSession;
  loads: LoadTracker;
  show: (page: MessagePage) => void;
  setMissed: (missed: string) => void;
  clear: () => void;
}) {
  const { routeId, session, loads, show, setMissed, clear } = options;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const targetRef = useLatest(options.target);

  const reset = useCallback(() => {
    session.dropReply();
    session.setConversation(null);
    session.setLoaded(null);
    loads.next();
    loads.setLoading(false);
    clear();
  }, [session, loads, clear]);

  useEffect(() => {
    if (routeId === undefined) {
      if (session.loaded() !== null) reset();
      return;
    }
    if (routeId === session.loaded()) return;
    reset();
    session.setLoaded(routeId);
    session.setConversation(routeId);
    const controller = new AbortController();
    const around = targetRef.current;
    loads.setLoading(true);
    const userId = queryClient.getQueryData(userQueryOptions.queryKey)?.id;
    readOpeningPage(routeId, around, userId, controller.signal, () =>
      setMissed(`${routeId}:${around}`),
    )
      .then((page) => show(page))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof HttpError && error.status === 404) {
          // A deleted conversation or a stale link: a message sent here could never be stored,
          // so the screen becomes a new chat, in the user's language (the server's text is not).
          showToast({
            title: i18n.t('chat:notFound.title'),
            description: i18n.t('chat:notFound.text'),
          });
          void navigate('/chat', { replace: true });
          return;
        }
        notifyError(error);
      })
      .finally(() => {
        if (!controller.signal.aborted) loads.setLoading(false);
      });
    return () => {
      controller.abort();
      loads.setLoading(false);
    };
  }, [routeId, reset, show, loads, navigate, queryClient, session, setMissed, targetRef]);

  return reset;
}
