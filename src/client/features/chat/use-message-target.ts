import { useEffect, useState } from 'react';
import type { Message } from '#shared/chat/chat-schemas.ts';
import type { ChatItem } from './use-chat.ts';

/** The address's `?message=<id>`: the message a search hit points at (null: none or not an id). */
export function parseMessageTarget(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

interface TargetChat {
  items: ChatItem[];
  loading: boolean;
  hasOlder: boolean;
  loadUntil: (wanted: (message: Message) => boolean) => Promise<boolean>;
}

/**
 * A search hit opens its conversation at the message that matched (`?message=<id>`): older pages
 * are loaded until the message is there, then the list shows it. A message that is not in the
 * conversation any more (deleted, edited away), or a page that fails to load, leaves the
 * conversation as it opens normally, at its newest message.
 *
 * `targetId`: the message to show, once loaded. `seeking`: still looking for it.
 */
export function useMessageTarget(
  conversationId: string | undefined,
  messageId: number | null,
  chat: TargetChat,
) {
  /** The conversation and message last looked for without success. */
  const [givenUp, setGivenUp] = useState<string | null>(null);
  const key = `${conversationId}:${messageId}`;
  const loaded = messageId !== null && chat.items.some((item) => item.id === messageId);
  const looking = messageId !== null && !loaded && chat.hasOlder && givenUp !== key;
  const { loading, loadUntil } = chat;

  useEffect(() => {
    if (!looking || loading) return;
    let current = true;
    void loadUntil((message) => message.id === messageId).then((found) => {
      if (current && !found) setGivenUp(key);
    });
    return () => {
      current = false;
    };
  }, [looking, loading, loadUntil, messageId, key]);

  return {
    targetId: loaded ? messageId : null,
    seeking: looking || (messageId !== null && loading),
  };
}
