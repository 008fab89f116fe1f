import { useLayoutEffect, useRef } from 'react';

/**
 * The latest value in a ref, like #client/lib/use-latest.ts. A copy on purpose: importing that
 * module here would split it out of the chat's chunk into one more request on the chat's load
 * (issue 13: the chat's chunks must not change).
 */
export function useCurrent<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
