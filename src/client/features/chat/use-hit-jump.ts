import { useCallback } from 'react';
import { HttpError } from '#client/lib/http.ts';
import { notifyError } from '#client/lib/notify.ts';
import { FIRST_PAGE_SIZE, getMessagePage, type MessagePage } from './api/get-messages.ts';
import type { ChatSession } from './chat-session.ts';
import type { LoadTracker } from './use-conversation-loader.ts';

/**
 * A search hit in the open conversation beyond the loaded messages: the page around it replaces
 * them (not while a reply is being written into the list). Not in the conversation: `setMissed`
 * gets "conversationId:messageId".
 */
export function useHitJump(
  session: ChatSession,
  loads: LoadTracker,
  show: (page: MessagePage) => void,
  setMissed: (missed: string) => void,
) {
  return useCallback(
    async (messageId: number) => {
      const conversationId = session.loaded();
      if (!conversationId || loads.isLoading() || session.replying()) return;
      const load = loads.next();
      loads.setLoading(true);
      try {
        const page = await getMessagePage(conversationId, {
          limit: FIRST_PAGE_SIZE,
          around: messageId,
        });
        if (loads.isCurrent(load)) show(page);
      } catch (error) {
        if (!loads.isCurrent(load)) return;
        setMissed(`${conversationId}:${messageId}`);
        if (!(error instanceof HttpError && error.status === 404)) notifyError(error);
      } finally {
        if (loads.isCurrent(load)) loads.setLoading(false);
      }
    },
    [session, loads, show, setMissed],
  );
}
