/** A signal for one outbound call: aborted with the caller's signal or when its time is up. */
export interface Deadline {
  signal: AbortSignal;
  /** Stops the timer; call it once the call has ended, however it ended. */
  clear(): void;
}

/**
 * A timer of our own, not AbortSignal.timeout() inside AbortSignal.any(): Node 20 may collect
 * such a timeout signal in a garbage collection while the call waits, and the call then never
 * ends. The timer holds its controller until it fires or is cleared.
 */
export function withDeadline(outer: AbortSignal, timeoutMs: number, message: string): Deadline {
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException(message, 'TimeoutError')),
    timeoutMs,
  );
  return {
    signal: AbortSignal.any([outer, deadline.signal]),
    clear: () => clearTimeout(timer),
  };
}
