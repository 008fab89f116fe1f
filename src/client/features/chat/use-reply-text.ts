import { useEffect, useState } from 'react';
import { createStreamText } from './stream-text.ts';

/**
 * The text of the reply streaming in. Tokens are collected as they arrive and rendered at most
 * once per frame, so long replies keep the page responsive; only the streaming row subscribes to
 * the text (stream-text.ts).
 */
function createReplyText() {
  const streamText = createStreamText();
  let pending = '';
  let frame: number | null = null;
  return {
    streamText,
    append: (delta: string) => {
      pending += delta;
      frame ??= requestAnimationFrame(() => {
        frame = null;
        streamText.set(pending);
      });
    },
    /** A new reply starts (or the chat is reset): no text yet. */
    clear: () => {
      pending = '';
      streamText.set('');
    },
    /**
     * The reply ended: its text stays on the screen until the streaming row goes with the status,
     * and is cleared when the next reply starts.
     */
    end: () => {
      pending = '';
    },
    cancel: () => {
      if (frame !== null) cancelAnimationFrame(frame);
    },
  };
}

export type ReplyText = ReturnType<typeof createReplyText>;

/** One reply text for the screen's lifetime: the hooks that take it keep their callbacks stable. */
export function useReplyText(): ReplyText {
  const [text] = useState(createReplyText);
  useEffect(() => text.cancel, [text]);
  return text;
}
