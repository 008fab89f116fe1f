import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '#client/components/ui/toast-store.ts';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import { refreshConversations } from '#client/lib/api/get-conversations.ts';
import { classifyError } from '#client/lib/errors.ts';
import { apiRequest, backoffDelay, HttpError } from '#client/lib/http.ts';
import { i18n } from '#client/lib/i18n.ts';
import { notifyError } from '#client/lib/notify.ts';
import { useLatest } from '#client/lib/use-latest.ts';
import type { ChatReply, Message } from '#shared/chat/chat-schemas.ts';
import { followReply, streamChat } from './api/chat-stream.ts';
import { FIRST_PAGE_SIZE, getMessagePage } from './api/get-messages.ts';
import { createStreamText } from './stream-text.ts';
import { useMessagePages } from './use-message-pages.ts';

/** A row of the message list: a stored message, one not yet confirmed, or the error bubble. */
export interface ChatItem {
  key: string;
  id: number | null;
  content: string;
  isUserMessage: boolean;
  timestamp: string;
  kind: 'message' | 'stopped' | 'error';
  /** The user's rating of an assistant reply, as stored on the server. */
  feedback: Message['feedback'];
  /** On an error bubble: the request that answers the failed turn again. */
  retry?: TurnRequest;
}

/** A request that produces a reply: a new message, an edit or a regenerate (decision 040). */
export interface TurnRequest {
  path: '/api/chat' | '/api/chat/edit' | '/api/chat/regenerate';
  body: Record<string, unknown>;
  /** The local user row that gets the stored id once the server confirms the message. */
  userKey: string | null;
}

/** idle; waiting (typing indicator until the first token); streaming (tokens arriving). */
export type ChatStatus = 'idle' | 'waiting' | 'streaming';

const fromMessage = (message: Message): ChatItem => ({
  key: `m-${message.id}`,
  id: message.id,
  content: message.content,
  isUserMessage: message.isUserMessage,
  timestamp: message.timestamp,
  kind: message.status === 'stopped' ? 'stopped' : 'message',
  feedback: message.feedback,
});

/**
 * The list item of a finished reply. A reply stopped before its first token was never stored
 * (decision 040): it gets no bubble, as on reopening the conversation.
 */
const replyItems = (reply: ChatReply): ChatItem[] =>
  reply.message.status === 'stopped' && reply.message.content === ''
    ? []
    : [
        {
          key: `m-${reply.message.id}`,
          id: reply.message.id,
          content: reply.message.content,
          isUserMessage: false,
          timestamp: reply.message.timestamp,
          kind: reply.message.status === 'stopped' ? 'stopped' : 'message',
          feedback: null,
        },
      ];

/** Reconnects of a dropped reply stream (with Last-Event-ID) before giving up. */
const FOLLOW_RECONNECTS = 3;

/** Spec 01-core §8 "Chat errors": what counts as the usage limit rather than a failure. */
export function isLimitError(error: unknown): boolean {
  if (error instanceof HttpError && error.code === 'QUOTA_EXCEEDED_ERROR') return true;
  if (classifyError(error).kind === 'quota') return true;
  const text = error instanceof Error ? error.message.toLowerCase() : '';
  return text.includes('message limit') || text.includes('nachrichtenlimit');
}

let localKey = 0;

/** The retry of a question that is stored but unanswered: regenerate answers it, not sending twice. */
const answerAgain = (conversationId: string): TurnRequest => ({
  path: '/api/chat/regenerate',
  body: { conversationId },
  userKey: null,
});

/** The red error bubble of a failed turn, with the request that answers it again. */
function errorItem(retry: TurnRequest): ChatItem {
  localKey += 1;
  return {
    key: `error-${localKey}`,
    id: null,
    content: '',
    isUserMessage: false,
    timestamp: new Date().toISOString(),
    kind: 'error',
    feedback: null,
    retry,
  };
}

/** A model and persona the user picked for the replies (absent: the server's defaults). */
export interface ReplyChoice {
  model?: string;
  personaId?: number;
}

/**
 * The page a conversation opens with: the one around a search hit's message (issue #5), or the
 * newest. `onMissed`: the message is not in the conversation (any more), so it opens at its newest.
 */
async function readOpeningPage(
  conversationId: string,
  around: number | null,
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
  return getMessagePage(conversationId, { limit: FIRST_PAGE_SIZE }, signal);
}

/**
 * The conversation state of the chat screen (spec 01-core §4 "Sending a message", "Loading a
 * conversation id"). `routeId` is the :id of the address; `target` a search hit's message there,
 * which the conversation opens at.
 */
export function useChat(
  routeId: string | undefined,
  choice: ReplyChoice = {},
  target: number | null = null,
) {
  const navigate = useNavigate();
  // The model and persona picked in the input bar go with every send, edit and regenerate.
  const choiceRef = useLatest(choice);
  const queryClient = useQueryClient();
  const [items, setItems] = useState<ChatItem[]>([]);
  const [status, setStatus] = useState<ChatStatus>('idle');
  /** The reply's text as it streams (a store, not state: see stream-text.ts). */
  const [streamText] = useState(createStreamText);
  const [loading, setLoading] = useState(false);
  /** `loading` at once, for the search hit's effect that runs in the same commit as the load. */
  const loadingRef = useRef(false);
  /** Counts loads: a load that a newer one replaced does not end the newer one's `loading`. */
  const loadCount = useRef(0);
  const targetRef = useLatest(target);
  /** The search hit last looked for that is not in its conversation ("conversationId:messageId"). */
  const [missed, setMissed] = useState<string | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  /** The conversation whose messages the local state holds (null: a new chat). */
  const loadedRef = useRef<string | null>(null);
  /** The conversation a reply is being generated in, known from the `start` event. */
  const conversationRef = useRef<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const pendingText = useRef('');
  const frame = useRef<number | null>(null);
  /** A loaded conversation whose last message awaits its reply: it may still be generating. */
  const [unanswered, setUnanswered] = useState<string | null>(null);
  const onNewest = useCallback((messages: Message[]) => {
    if (messages.at(-1)?.isUserMessage) setUnanswered(loadedRef.current);
  }, []);
  const pages = useMessagePages(loadedRef, setItems, fromMessage, onNewest);
  const { setCursors, show, isAtEnd } = pages;
  const setLoadingBoth = useCallback((value: boolean) => {
    loadingRef.current = value;
    setLoading(value);
  }, []);

  const resetLocal = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    conversationRef.current = null;
    loadedRef.current = null;
    pendingText.current = '';
    loadCount.current += 1;
    setLoadingBoth(false);
    setCursors({ older: null, newer: null });
    setUnanswered(null);
    setItems([]);
    setStatus('idle');
    streamText.set('');
    setLimitReached(false);
  }, [setCursors, setLoadingBoth, streamText]);

  useEffect(() => {
    if (routeId === undefined) {
      if (loadedRef.current !== null) resetLocal();
      return;
    }
    if (routeId === loadedRef.current) return;
    resetLocal();
    loadedRef.current = routeId;
    conversationRef.current = routeId;
    const controller = new AbortController();
    const around = targetRef.current;
    setLoadingBoth(true);
    readOpeningPage(routeId, around, controller.signal, () => setMissed(`${routeId}:${around}`))
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
        if (!controller.signal.aborted) setLoadingBoth(false);
      });
    return () => {
      controller.abort();
      setLoadingBoth(false);
    };
  }, [routeId, resetLocal, show, setLoadingBoth, navigate, targetRef]);

  /**
   * A search hit in the open conversation beyond the loaded messages: the page around it replaces
   * them (not while a reply is being written into the list). Not in the conversation: `missed`.
   */
  const openAt = useCallback(
    async (messageId: number) => {
      const conversationId = loadedRef.current;
      if (!conversationId || loadingRef.current || abortRef.current) return;
      const load = ++loadCount.current;
      setLoadingBoth(true);
      try {
        const page = await getMessagePage(conversationId, {
          limit: FIRST_PAGE_SIZE,
          around: messageId,
        });
        if (load === loadCount.current) show(page);
      } catch (error) {
        if (load !== loadCount.current) return;
        setMissed(`${conversationId}:${messageId}`);
        if (!(error instanceof HttpError && error.status === 404)) notifyError(error);
      } finally {
        if (load === loadCount.current) setLoadingBoth(false);
      }
    },
    [show, setLoadingBoth],
  );

  useEffect(
    () => () => {
      abortRef.current?.abort();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  /** Tokens are rendered at most once per frame so long replies keep the page responsive. */
  const scheduleFlush = useCallback(() => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      streamText.set(pendingText.current);
    });
  }, [streamText]);

  /**
   * Shows a reply that is still being generated (a reopened conversation): follows
   * GET /api/chat/stream/:id from its first token; a dropped connection resumes after the last
   * event seen. Nothing running (204): the reply may have been stored meanwhile, so the latest
   * messages are read again.
   */
  const follow = useCallback(
    async (conversationId: string) => {
      if (abortRef.current) return;
      const controller = new AbortController();
      abortRef.current = controller;
      let lastEventId: string | undefined;
      const handlers = {
        onStart: () => setStatus('waiting'),
        onDelta: (delta: string) => {
          pendingText.current += delta;
          setStatus('streaming');
          scheduleFlush();
        },
        onEventId: (id: string) => {
          lastEventId = id;
        },
      };
      pendingText.current = '';
      streamText.set('');
      try {
        for (let attempt = 0; ; attempt += 1) {
          try {
            const reply = await followReply(conversationId, handlers, {
              signal: controller.signal,
              ...(lastEventId ? { lastEventId } : {}),
            });
            if (controller.signal.aborted) return;
            if (reply) {
              setItems((previous) => [...previous, ...replyItems(reply)]);
              return;
            }
            const { messages } = await getMessagePage(
              conversationId,
              { limit: FIRST_PAGE_SIZE },
              controller.signal,
            );
            // Still no reply after the question: it failed, or its process went down
            // (decision 040). The error bubble offers the retry, as right after a failed send.
            const failed = messages.at(-1)?.isUserMessage
              ? errorItem(answerAgain(conversationId))
              : null;
            setItems((previous) => {
              const newest = Math.max(0, ...previous.map((item) => item.id ?? 0));
              const added = messages.filter((m) => m.id > newest).map(fromMessage);
              return [...previous, ...added, ...(failed ? [failed] : [])];
            });
            return;
          } catch (error) {
            const dropped = !(error instanceof HttpError) && attempt < FOLLOW_RECONNECTS;
            if (controller.signal.aborted || !dropped) throw error;
            // Resumes after the last event: the text so far stays on the screen.
            await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt)));
          }
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        const failed = errorItem(answerAgain(conversationId));
        setItems((previous) => [...previous, failed]);
        if (!(error instanceof HttpError)) notifyError(error);
      } finally {
        if (abortRef.current === controller) {
          abortRef.current = null;
          pendingText.current = '';
          // The streaming row goes with the status; its text is cleared when the next reply starts.
          setStatus('idle');
        }
      }
    },
    [scheduleFlush, streamText],
  );

  useEffect(() => {
    if (unanswered !== null && unanswered === loadedRef.current) void follow(unanswered);
  }, [unanswered, follow]);

  /**
   * Runs one turn: `prepare` shapes the list the reply is generated for (appended message,
   * truncated edit, removed reply), then the reply streams in and is appended.
   */
  const runTurn = useCallback(
    async (request: TurnRequest, prepare: (items: ChatItem[]) => ChatItem[]) => {
      if (abortRef.current) return;
      const controller = new AbortController();
      abortRef.current = controller;
      let storedUserId: number | null = null;
      setLimitReached(false);
      setItems(prepare);
      pendingText.current = '';
      streamText.set('');
      setStatus('waiting');
      /** The address of the conversation the turn is in, replaced without a reload. */
      const showConversation = (conversationId: string) => {
        if (controller.signal.aborted || loadedRef.current === conversationId) return;
        loadedRef.current = conversationId;
        void navigate(`/chat/${encodeURIComponent(conversationId)}`, { replace: true });
      };
      /**
       * The conversation is now on top of the list (new, or newly active): one request for the
       * list's first page, not one per page the user scrolled through.
       */
      const refreshList = () => {
        const userId = queryClient.getQueryData(userQueryOptions.queryKey)?.id;
        if (userId !== undefined) {
          refreshConversations(queryClient, userId, { wait: true }).catch(() => {});
        }
      };
      const withUserId = (items: ChatItem[], id: number) =>
        items.map((item) => (item.key === request.userKey ? { ...item, id } : item));
      try {
        const openId = conversationRef.current;
        if (request.path !== '/api/chat') {
          // Edit and regenerate cut the conversation at their message: the list ends where it does.
          setCursors({ newer: null });
        } else if (openId && !isAtEnd()) {
          // Sent from a list opened at a search hit: like a message sent at the end, it follows
          // the conversation's newest messages, which are read first (issue #5).
          const latest = await getMessagePage(
            openId,
            { limit: FIRST_PAGE_SIZE },
            controller.signal,
          );
          if (controller.signal.aborted) return;
          show(latest, (items) => items.filter((item) => item.key === request.userKey));
        }
        const reply = await streamChat(
          request.path,
          request.path === '/api/chat'
            ? { ...request.body, conversationId: conversationRef.current }
            : request.body,
          {
            onStart: ({ conversationId, userMessageId }) => {
              conversationRef.current = conversationId;
              storedUserId = userMessageId;
              // A new chat gets its address as soon as it is stored (spec 01-core §4 step 3), not
              // at the reply's end: a reload while the first reply streams reopens the
              // conversation and follows the reply (decision 040) instead of an empty new chat.
              showConversation(conversationId);
            },
            onDelta: (delta) => {
              pendingText.current += delta;
              setStatus('streaming');
              scheduleFlush();
            },
          },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        setItems((previous) => [
          ...withUserId(previous, reply.userMessageId),
          ...replyItems(reply),
        ]);
        conversationRef.current = reply.conversationId;
        refreshList();
        showConversation(reply.conversationId);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isLimitError(error)) {
          setLimitReached(true);
        } else {
          // Once stored, the user message is answered again rather than sent twice.
          const conversationId = conversationRef.current;
          const retry: TurnRequest =
            storedUserId !== null && conversationId ? answerAgain(conversationId) : request;
          const userId = storedUserId;
          // The message was stored before the reply failed: its conversation (a new one too) is
          // in the list, with the retry waiting in it.
          if (userId !== null) refreshList();
          const failed = errorItem(retry);
          setItems((previous) => [
            ...(userId === null ? previous : withUserId(previous, userId)),
            failed,
          ]);
        }
      } finally {
        if (abortRef.current === controller) {
          abortRef.current = null;
          pendingText.current = '';
          // The streaming row goes with the status; its text is cleared when the next reply starts.
          setStatus('idle');
        }
      }
    },
    [navigate, queryClient, scheduleFlush, streamText, setCursors, isAtEnd, show],
  );

  /** extras: the message's files and the model and persona picked in the input bar. */
  const send = useCallback(
    async (
      text: string,
      extras: { fileIds?: number[]; model?: string; personaId?: number } = {},
    ) => {
      if (text.trim() === '' || abortRef.current) return;
      localKey += 1;
      const userKey = `local-${localKey}`;
      const userItem: ChatItem = {
        key: userKey,
        id: null,
        content: text,
        isUserMessage: true,
        timestamp: new Date().toISOString(),
        kind: 'message',
        feedback: null,
      };
      const body = { message: text, ...choiceRef.current, ...extras };
      await runTurn({ path: '/api/chat', body, userKey }, (previous) => [...previous, userItem]);
    },
    [runTurn, choiceRef],
  );

  /** Edit (spec 01-core §4): the list is cut at the edited message, which is sent anew. */
  const edit = useCallback(
    async (target: ChatItem, text: string) => {
      if (text.trim() === '' || target.id === null || !target.isUserMessage) return;
      localKey += 1;
      const userKey = `local-${localKey}`;
      const request: TurnRequest = {
        path: '/api/chat/edit',
        body: { messageId: target.id, message: text.trim(), ...choiceRef.current },
        userKey,
      };
      await runTurn(request, (previous) => {
        const index = previous.findIndex((item) => item.key === target.key);
        const kept = index === -1 ? previous : previous.slice(0, index);
        return [
          ...kept,
          { ...target, key: userKey, id: null, content: text.trim(), kind: 'message' },
        ];
      });
    },
    [runTurn, choiceRef],
  );

  /**
   * Regenerate (spec 01-core §4): the reply and everything after it go, the nearest earlier user
   * message is answered again. On an error bubble it retries the failed turn.
   */
  const regenerate = useCallback(
    async (target: ChatItem) => {
      if (target.isUserMessage) return;
      const request: TurnRequest | null =
        target.kind === 'error'
          ? (target.retry ?? null)
          : target.id !== null
            ? {
                path: '/api/chat/regenerate',
                body: { messageId: target.id, ...choiceRef.current },
                userKey: null,
              }
            : null;
      if (!request) return;
      await runTurn(request, (previous) => {
        const index = previous.findIndex((item) => item.key === target.key);
        return index === -1 ? previous : previous.slice(0, index);
      });
    },
    [runTurn, choiceRef],
  );

  /** Keeps a rating in the list so it survives the row being re-rendered or re-mounted. */
  const setFeedback = useCallback((key: string, feedback: Message['feedback']) => {
    setItems((previous) =>
      previous.map((item) => (item.key === key ? { ...item, feedback } : item)),
    );
  }, []);

  /** POST /api/chat/stop: the server ends the reply and keeps what was written so far. */
  const stop = useCallback(async () => {
    const conversationId = conversationRef.current;
    if (!conversationId) {
      abortRef.current?.abort();
      return true;
    }
    try {
      await apiRequest('POST', '/api/chat/stop', { conversationId });
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  }, []);

  return {
    items,
    status,
    streamText,
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
    reset: resetLocal,
  };
}
