import { useMemo, useRef, type Dispatch, type SetStateAction } from 'react';
import type { ChatItem, ChatStatus } from './chat-items.ts';
import type { ReplyText } from './use-reply-text.ts';

/** What the chat screen's hooks share about the open conversation and the reply under way. */
export interface ChatSession {
  /** The conversation whose messages the local state holds (null: a new chat). */
  loaded: () => string | null;
  setLoaded: (conversationId: string | null) => void;
  /** The conversation a reply is being generated in, known from the `start` event. */
  conversation: () => string | null;
  setConversation: (conversationId: string | null) => void;
  /** Whether a reply is being generated or followed (one at a time). */
  replying: () => boolean;
  /** Starts a reply unless one is under way: its controller, or null. */
  startReply: () => AbortController | null;
  /** Ends the reply `controller` belongs to, unless a reset or a newer reply replaced it. */
  endReply: (controller: AbortController) => void;
  /** Aborts the reply's request (a stop before the conversation is known); it ends as usual. */
  abortReply: () => void;
  /** Aborts the reply and forgets it at once (a reset: the state it would end is reset too). */
  dropReply: () => void;
  setItems: Dispatch<SetStateAction<ChatItem[]>>;
  setStatus: Dispatch<SetStateAction<ChatStatus>>;
  text: ReplyText;
}

/** The session of one chat screen; `loadedRef` is the loaded conversation for the page loader. */
export function useChatSession(
  setItems: Dispatch<SetStateAction<ChatItem[]>>,
  setStatus: Dispatch<SetStateAction<ChatStatus>>,
  text: ReplyText,
) {
  const loadedRef = useRef<string | null>(null);
  const conversationRef = useRef<string | null>(null);
  const runningRef = useRef<AbortController | null>(null);
  const session = useMemo<ChatSession>(
    () => ({
      loaded: () => loadedRef.current,
      setLoaded: (conversationId) => {
        loadedRef.current = conversationId;
      },
      conversation: () => conversationRef.current,
      setConversation: (conversationId) => {
        conversationRef.current = conversationId;
      },
      replying: () => runningRef.current !== null,
      startReply: () => {
        if (runningRef.current) return null;
        runningRef.current = new AbortController();
        return runningRef.current;
      },
      endReply: (controller) => {
        if (runningRef.current !== controller) return;
        runningRef.current = null;
        text.end();
        // The streaming row goes with the status; its text is cleared when the next reply starts.
        setStatus('idle');
      },
      abortReply: () => runningRef.current?.abort(),
      dropReply: () => {
        runningRef.current?.abort();
        runningRef.current = null;
      },
      setItems,
      setStatus,
      text,
    }),
    [setItems, setStatus, text],
  );
  return { session, loadedRef };
}

/** Tokens of a sent turn or a followed reply go to the reply text, and the status follows. */
export const onDeltaOf = (session: ChatSession) => (delta: string) => {
  session.text.append(delta);
  session.setStatus('streaming');
};
