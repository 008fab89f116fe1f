import { useSyncExternalStore } from 'react';

/**
 * The text of the reply streaming in, outside React state: only the streaming bubble subscribes,
 * so a token re-renders that one row instead of the chat screen, its list and its input bar.
 */
export interface StreamText {
  get: () => string;
  set: (text: string) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStreamText(): StreamText {
  let text = '';
  const listeners = new Set<() => void>();
  return {
    get: () => text,
    set: (next) => {
      if (next === text) return;
      text = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const useStreamText = (stream: StreamText) =>
  useSyncExternalStore(stream.subscribe, stream.get, stream.get);
