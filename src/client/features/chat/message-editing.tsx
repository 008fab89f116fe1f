import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { MessageActionsContext, type MessageActions } from './message-actions.ts';

/**
 * Which message is being edited, and its draft. Held above the virtualized list: a row scrolled
 * out of view (or re-created by the list) comes back still editing, with the text typed so far.
 */
interface MessageEditing {
  editingKey: string | null;
  startEditing: (key: string) => void;
  stopEditing: () => void;
  draftOf: (key: string) => string | undefined;
  /** Kept in a ref: typing must not re-render every row of the list. */
  setDraft: (key: string, text: string) => void;
}

const MessageEditingContext = createContext<MessageEditing | null>(null);

export const useMessageEditing = () => useContext(MessageEditingContext);

/** Provides the bubbles' actions (MessageActionsContext) and the editing state. */
export function MessageActionsProvider({
  value,
  children,
}: {
  value: MessageActions;
  children: ReactNode;
}) {
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const drafts = useRef(new Map<string, string>());
  const editing = useMemo<MessageEditing>(
    () => ({
      editingKey,
      startEditing: (key) => {
        drafts.current.clear();
        setEditingKey(key);
      },
      stopEditing: () => {
        drafts.current.clear();
        setEditingKey(null);
      },
      draftOf: (key) => drafts.current.get(key),
      setDraft: (key, text) => drafts.current.set(key, text),
    }),
    [editingKey],
  );
  return (
    <MessageActionsContext value={value}>
      <MessageEditingContext value={editing}>{children}</MessageEditingContext>
    </MessageActionsContext>
  );
}
