import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createStreamText } from './stream-text.ts';

/**
 * The text of the reply streaming in. Tokens are collected as they arrive and rendered at most
 * once per frame, so long replies keep the page responsive; only the streaming row subscribes to
 * the text (stream-text.ts).
 */
export function useReplyText() {
  const [streamText] = useState(createStreamText);
  const pending = useRef('');
  const frame = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const append = useCallback(
    (delta: string) => {
      pending.current += delta;
      if (frame.current !== null) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = null;
        streamText.set(pending.current);
      });
    },
    [streamText],
  );

  /** A new reply starts (or the chat is reset): no text yet. */
  const clear = useCallback(() => {
    pending.current = '';
    streamText.set('');
  }, [streamText]);

  /**
   * The reply ended: its text is kept on the screen until the streaming row goes with the status,
   * and is cleared when the next reply starts.
   */
  const end = useCallback(() => {
    pending.current = '';
  }, []);

  // One object for the screen's lifetime: the hooks that take it keep their callbacks stable.
  return useMemo(() => ({ streamText, append, clear, end }), [streamText, append, clear, end]);
}

export type ReplyText = ReturnType<typeof useReplyText>;
