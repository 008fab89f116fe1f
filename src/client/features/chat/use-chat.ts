import { useCallback, useState } from 'react';
import { notifyError } from '#client/lib/notify.ts';
import { useLatest } from '#client/lib/use-latest.ts';
import type { Message } from '#shared/chat/chat-schemas.ts';
import { stopReply } from './api/stop-reply.ts';
import { fromMessage, type ChatItem, type ChatStatus, type ReplyChoice } from './chat-items.ts';
import { useChatSession } from './chat-session.ts';
import { useConversationLoader, useLoads } from './use-conversation-loader.ts';
import { useFollowReply } from './use-follow-reply.ts';
import { useHitJump } from './use-hit-jump.ts';
import { useMessagePages } from './use-message-pages.ts';
import { useReplyText } from './use-reply-text.ts';
import { useRunTurn, useTurns } from './use-turns.ts';

/**
 * The conversation state of the chat screen (spec 01-core §4 "Sending a message", "Loading a
 * conversation id"), composed of hooks with one job each: loading the conversation of the address
 * (`routeId`, opened at the search hit `target`), jumping to a search hit in it, following a reply
 * still being generated, running turns (send, edit, regenerate) and stopping a reply.
 */
export function useChat(
  routeId: string | undefined,
  choice: ReplyChoice = {},
  target: number | null = null,
) {
  // The model and persona picked in the input bar go with every send, edit and regenerate.
  const choiceRef = useLatest(choice);
  const [items, setItems] = useState<ChatItem[]>([]);
  const [status, setStatus] = useState<ChatStatus>('idle');
  const [limitReached, setLimitReached] = useState(false);
  /** The search hit last looked for that is not in its conversation ("conversationId:messageId"). */
  const [missed, setMissed] = useState<string | null>(null);
  /** A loaded conversation whose last message awaits its reply: it may still be generating. */
  const [unanswered, setUnanswered] = useState<string | null>(null);
  const text = useReplyText();
  const { session, loadedRef } = useChatSession(setItems, setStatus, text);
  const [loading, loads] = useLoads();

  const onNewest = useCallback(
    (messages: Message[]) => {
      if (messages.at(-1)?.isUserMessage) setUnanswered(loadedRef.current);
    },
    [loadedRef],
  );
  const pages = useMessagePages(loadedRef, setItems, fromMessage, onNewest);
  const { setCursors, show } = pages;

  /** Everything of the conversation shown before, except what the loader resets itself. */
  const clear = useCallback(() => {
    setCursors({ older: null, newer: null });
    setUnanswered(null);
    setItems([]);
    setStatus('idle');
    text.clear();
    setLimitReached(false);
  }, [setCursors, text]);

  const reset = useConversationLoader({ routeId, target, session, loads, show, setMissed, clear });
  const openAt = useHitJump(session, loads, show, setMissed);
  useFollowReply(session, unanswered);
  const runTurn = useRunTurn(session, pages, setLimitReached);
  const { send, edit, regenerate } = useTurns(session, runTurn, choiceRef);

  /** Keeps a rating in the list so it survives the row being re-rendered or re-mounted. */
  const setFeedback = useCallback((key: string, feedback: Message['feedback']) => {
    setItems((previous) =>
      previous.map((item) => (item.key === key ? { ...item, feedback } : item)),
    );
  }, []);

  /** Stops the reply: the server ends it and keeps what was written so far. */
  const stop = useCallback(async () => {
    const conversationId = session.conversation();
    if (!conversationId) {
      session.abortReply();
      return true;
    }
    try {
      await stopReply({ conversationId });
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  }, [session]);

  return {
    items,
    status,
    streamText: text.streamText,
    loading,
    limitReached,
    missed,
    openAt,
    hasOlder: pages.hasOlder,
    hasNewer: pages.hasNewer,
    loadingOlder: pages.loadingOlder,
    loadingNewer: pages.loadingNewer,
    windowKey: pages.windowKey,
    loadOlder: pages.loadOlder,
    loadNewer: pages.loadNewer,
    loadAll: pages.loadAll,
    send,
    edit,
    regenerate,
    setFeedback,
    stop,
    reset,
  };
}
