import { createContext, useContext } from 'react';
import type { Message } from '#shared/chat/chat-schemas.ts';
import type { ChatItem } from './chat-items.ts';

/**
 * What a message bubble can do to the conversation. Given by the chat screen through context so
 * the (virtualized) list renders bubbles without passing handlers through every row.
 */
export interface MessageActions {
  /** A reply is being generated: edit and regenerate wait. */
  busy: boolean;
  edit: (item: ChatItem, text: string) => void;
  regenerate: (item: ChatItem) => void;
  /** Records a rating locally after the server stored it. */
  setFeedback: (key: string, feedback: Message['feedback']) => void;
}

export const MessageActionsContext = createContext<MessageActions | null>(null);

/** null outside the chat screen: the bubble then shows no actions. */
export const useMessageActions = () => useContext(MessageActionsContext);
