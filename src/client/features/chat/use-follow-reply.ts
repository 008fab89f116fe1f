import { useCallback, useEffect } from 'react';
import { HttpError } from '#client/lib/http.ts';
import { notifyError } from '#client/lib/notify.ts';
import { withReconnects } from '#client/lib/reconnect.ts';
import { followReply } from './api/chat-stream.ts';
import { FIRST_PAGE_SIZE, getMessagePage } from './api/get-messages.ts';
import { answerAgain, errorItem, fromMessage, replyItems } from './chat-items.ts';
import { onDeltaOf, type ChatSession } from './chat-session.ts';

/** Reconnects of a dropped reply stream (with Last-Event-ID) before giving up. */
const FOLLOW_RECONNECTS = 3;

/**
 * Shows a reply that is still being generated when a conversation opens whose last message awaits
 * its reply (`unanswered`): follows GET /api/chat/stream/:id from its first token; a dropped
 * connection resumes after the last event seen. Nothing running (204): the reply may have been
 * stored meanwhile, so the latest messages are read again.
 */
export function useFollowReply(session: ChatSession, unanswered: string | null) {
  const follow = useCallback(
    async (conversationId: string) => {
      const controller = session.startReply();
      if (!controller) return;
      const { signal } = controller;
      let lastEventId: string | undefined;
      const handlers = {
        onStart: () => session.setStatus('waiting'),
        onDelta: onDeltaOf(session),
        onEventId: (id: string) => {
          lastEventId = id;
        },
      };
      session.text.clear();
      try {
        await withReconnects(
          async () => {
            const reply = await followReply(conversationId, handlers, {
              signal,
              ...(lastEventId ? { lastEventId } : {}),
            });
            if (signal.aborted) return;
            if (reply) {
              session.setItems((previous) => [...previous, ...replyItems(reply)]);
              return;
            }
            const { messages } = await getMessagePage(
              conversationId,
              { limit: FIRST_PAGE_SIZE },
              signal,
            );
            // Still no reply after the question: it failed, or its process went down
            // (decision 040). The error bubble offers the retry, as right after a failed send.
            const failed = messages.at(-1)?.isUserMessage
              ? errorItem(answerAgain(conversationId))
              : null;
            session.setItems((previous) => {
              const newest = Math.max(0, ...previous.map((item) => item.id ?? 0));
              const added = messages.filter((m) => m.id > newest).map(fromMessage);
              return [...previous, ...added, ...(failed ? [failed] : [])];
            });
          },
          // Resumes after the last event: the text so far stays on the screen.
          { reconnects: FOLLOW_RECONNECTS, signal },
        );
      } catch (error) {
        if (signal.aborted) return;
        const failed = errorItem(answerAgain(conversationId));
        session.setItems((previous) => [...previous, failed]);
        if (!(error instanceof HttpError)) notifyError(error);
      } finally {
        session.endReply(controller);
      }
    },
    [session],
  );

  useEffect(() => {
    if (unanswered !== null && unanswered === session.loaded()) void follow(unanswered);
  }, [unanswered, follow, session]);
}
