import { useCallback, useState } from 'react';
import { draftKey, readDraft, writeDraft } from '#client/lib/tab-drafts.ts';

/**
 * The composer's unsent text for this user's conversation (undefined: a new chat), kept for the
 * tab's life (decision 305): text typed before leaving a conversation is there on return, and a
 * message the usage limit refused is still there after the user went to upgrade.
 */
export function useComposerDraft(userId: number, conversationId: string | undefined) {
  const key = draftKey(userId, `chat:${conversationId ?? 'new'}`);
  const [draft, setDraft] = useState(() => ({ key, text: readDraft(key) }));
  // Another conversation: its own draft, read while rendering so no frame shows the last one's.
  const current = draft.key === key ? draft : { key, text: readDraft(key) };
  if (current !== draft) setDraft(current);
  const setText = useCallback(
    (text: string) => {
      writeDraft(key, text);
      setDraft({ key, text });
    },
    [key],
  );
  return [current.text, setText] as const;
}
