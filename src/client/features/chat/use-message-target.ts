import { useEffect } from 'react';
import type { ChatItem } from './chat-items.ts';

/** The address's `?message=<id>`: the message a search hit points at (null: none or not an id). */
export function parseMessageTarget(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

interface TargetChat {
  items: ChatItem[];
  loading: boolean;
  /** A reply is being written into the list: it is not replaced meanwhile. */
  busy: boolean;
  /** The hit last looked for that is not in its conversation ("conversationId:messageId"). */
  missed: string | null;
  openAt: (messageId: number) => Promise<void>;
}

/**
 * A search hit opens its conversation at the message that matched (`?message=<id>`): the
 * conversation opens with the page around it (one request, issue #5), and a hit of the open
 * conversation beyond the loaded messages replaces them with its page. A message that is not in
 * the conversation any more (deleted, edited away) leaves the conversation as it opens normally,
 * at its newest message.
 *
 * `targetId`: the message to show, once loaded. `seeking`: still looking for it.
 */
export function useMessageTarget(
  conversationId: string | undefined,
  messageId: number | null,
  chat: TargetChat,
) {
  const key = `${conversationId}:${messageId}`;
  const loaded = messageId !== null && chat.items.some((item) => item.id === messageId);
  const looking =
    conversationId !== undefined && messageId !== null && !loaded && chat.missed !== key;
  const { loading, busy, openAt } = chat;

  useEffect(() => {
    if (looking && !loading && !busy) void openAt(messageId);
  }, [looking, loading, busy, openAt, messageId]);

  return {
    targetId: loaded ? messageId : null,
    seeking: messageId !== null && (loading || (looking && !busy)),
  };
}
