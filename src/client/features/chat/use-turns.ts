import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { refreshConversations } from '#client/lib/api/get-conversations.ts';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import { randomUuid } from '#client/lib/random-uuid.ts';
import { streamChat } from './api/chat-stream.ts';
import { FIRST_PAGE_SIZE, getMessagePage, type MessagePage } from './api/get-messages.ts';
import {
  answerAgain,
  errorItem,
  isLimitError,
  localUserItem,
  newLocalKey,
  replyItems,
  type ChatItem,
  type ReplyChoice,
  type TurnOutcome,
  type TurnRequest,
} from './chat-items.ts';
import { onDeltaOf, type ChatSession } from './chat-session.ts';

/** The message pages' part a turn needs: where the list ends, and replacing it by a page. */
interface TurnPages {
  setCursors: (next: { newer: null }) => void;
  isAtEnd: () => boolean;
  show: (page: MessagePage, keep: (items: ChatItem[]) => ChatItem[]) => void;
}

/** The body a turn sends: a new message goes to the conversation the turn is in (if any yet). */
const bodyOf = (request: TurnRequest, conversationId: string | null) =>
  request.path === '/api/chat' ? { ...request.body, conversationId } : request.body;

/**
 * Runs one turn (spec 01-core §4 "Sending a message"): `prepare` shapes the list the reply is
 * generated for (appended message, truncated edit, removed reply), then the reply streams in and
 * is appended. A failure leaves the error bubble with the request that answers it again.
 */
export function useRunTurn(
  session: ChatSession,
  pages: TurnPages,
  setLimitReached: (reached: boolean) => void,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setCursors, isAtEnd, show } = pages;
  return useCallback(
    async (
      request: TurnRequest,
      prepare: (items: ChatItem[]) => ChatItem[],
    ): Promise<TurnOutcome> => {
      const controller = session.startReply();
      if (!controller) return 'done';
      const { signal } = controller;
      let storedUserId: number | null = null;
      setLimitReached(false);
      session.setItems(prepare);
      session.text.clear();
      session.setStatus('waiting');
      /** The address of the conversation the turn is in, replaced without a reload. */
      const showConversation = (conversationId: string) => {
        if (signal.aborted || session.loaded() === conversationId) return;
        session.setLoaded(conversationId);
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
      /**
       * A refused turn changed nothing on the server: a new message leaves the list (it goes back
       * to the composer); an edit or a regenerate, which cut the list, reads its newest page again.
       */
      const showUnchanged = async (refused: TurnRequest) => {
        if (refused.path === '/api/chat') {
          session.setItems((items) => items.filter((item) => item.key !== refused.userKey));
          return;
        }
        const openId = session.conversation() ?? session.loaded();
        if (!openId) return;
        const latest = await getMessagePage(openId, { limit: FIRST_PAGE_SIZE }).catch(() => null);
        if (latest && session.loaded() === openId) show(latest, () => []);
      };
      try {
        const openId = session.conversation();
        if (request.path !== '/api/chat') {
          // Edit and regenerate cut the conversation at their message: the list ends where it does.
          setCursors({ newer: null });
        } else if (openId && !isAtEnd()) {
          // Sent from a list opened at a search hit: like a message sent at the end, it follows
          // the conversation's newest messages, which are read first (issue #5).
          const latest = await getMessagePage(openId, { limit: FIRST_PAGE_SIZE }, signal);
          if (signal.aborted) return 'done';
          show(latest, (items) => items.filter((item) => item.key === request.userKey));
        }
        const reply = await streamChat(
          request.path,
          bodyOf(request, session.conversation()),
          {
            onStart: ({ conversationId, userMessageId }) => {
              session.setConversation(conversationId);
              storedUserId = userMessageId;
              // A new chat gets its address as soon as it is stored (spec 01-core §4 step 3), not
              // at the reply's end: a reload while the first reply streams reopens the
              // conversation and follows the reply (decision 040) instead of an empty new chat.
              showConversation(conversationId);
            },
            onDelta: onDeltaOf(session),
          },
          {
            signal,
            ...(request.path === '/api/chat' ? { idempotencyKey: request.idempotencyKey } : {}),
          },
        );
        if (signal.aborted) return 'done';
        session.setItems((previous) => [
          ...withUserId(previous, reply.userMessageId),
          ...replyItems(reply),
        ]);
        session.setConversation(reply.conversationId);
        refreshList();
        showConversation(reply.conversationId);
        return 'done';
      } catch (error) {
        if (signal.aborted) return 'done';
        if (isLimitError(error)) {
          setLimitReached(true);
          if (storedUserId !== null) return 'done';
          // Refused before anything was stored: the list shows the conversation as it is.
          await showUnchanged(request);
          return 'refused';
        }
        // Once stored, the user message is answered again rather than sent twice.
        const conversationId = session.conversation();
        const retry =
          storedUserId !== null && conversationId ? answerAgain(conversationId) : request;
        const userId = storedUserId;
        // The message was stored before the reply failed: its conversation (a new one too) is
        // in the list, with the retry waiting in it.
        if (userId !== null) refreshList();
        const failed = errorItem(retry);
        session.setItems((previous) => [
          ...(userId === null ? previous : withUserId(previous, userId)),
          failed,
        ]);
        return 'done';
      } finally {
        session.endReply(controller);
      }
    },
    [session, navigate, queryClient, setCursors, isAtEnd, show, setLimitReached],
  );
}

/** Send, edit and regenerate (spec 01-core §4) with the model and persona picked in the input bar. */
export function useTurns(
  session: ChatSession,
  runTurn: ReturnType<typeof useRunTurn>,
  choiceRef: RefObject<ReplyChoice>,
) {
  /** extras: the message's files and the model and persona picked in the input bar. */
  const send = useCallback(
    async (
      text: string,
      extras: { fileIds?: number[]; model?: string; personaId?: number } = {},
    ) => {
      if (text.trim() === '' || session.replying()) return 'done';
      const userKey = newLocalKey('local');
      const request: TurnRequest = {
        path: '/api/chat',
        body: { message: text, ...choiceRef.current, ...extras },
        userKey,
        idempotencyKey: randomUuid(),
      };
      return runTurn(request, (previous) => [...previous, localUserItem(userKey, text)]);
    },
    [session, runTurn, choiceRef],
  );

  /** Edit: the list is cut at the edited message, which is sent anew. */
  const edit = useCallback(
    async (target: ChatItem, text: string) => {
      if (text.trim() === '' || target.id === null || !target.isUserMessage) return;
      const userKey = newLocalKey('local');
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
   * Regenerate: the reply and everything after it go, the nearest earlier user message is
   * answered again. On an error bubble it retries the failed turn (with its idempotency key).
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

  return { send, edit, regenerate };
}
