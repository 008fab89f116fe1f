import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that always holds the latest `value`, for event handlers and long-lived callbacks that must
 * not be re-created when it changes. Updated after each commit, never during render (React's
 * rules: a render reads no ref), and before any passive effect of the same commit runs.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
