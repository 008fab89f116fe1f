/**
 * The longest reply kept, in characters (about 125,000 tokens, past every model's output limit):
 * an upstream that floods is cut off here instead of filling the server's memory.
 */
export const MAX_REPLY_CHARS = 500_000;

/** What a provider reported; missing figures are estimated by the caller. */
export interface ReplyUsage {
  inputTokens?: number;
  outputTokens?: number;
}

/**
 * A reply as it is written. `read` hands each text delta to `onText` as it arrives and resolves
 * with the usage when the reply ends, also when the request's signal aborts (Stop keeps what was
 * written); it rejects with an AppError (API_ERROR, TIMEOUT_ERROR) on failure. Read it once.
 * Provider models, the offline assistant and predefined answers all take this shape. Deltas are
 * pushed, not pulled: an async iterator costs promises and microtask turns per chunk, which on
 * the hot path cost more than the chunk itself (docs/PERFORMANCE.md).
 */
export interface ReplyStream {
  read(onText: (text: string) => void): Promise<ReplyUsage>;
}

/** A reply written by an async generator (the offline assistant, the SDK adapters). */
export function replyFromGenerator(
  parts: AsyncGenerator<string, ReplyUsage, undefined>,
): ReplyStream {
  return {
    read: async (onText) => {
      let done = false;
      try {
        for (;;) {
          const step = await parts.next();
          if (step.done) {
            done = true;
            return step.value;
          }
          onText(step.value);
        }
      } finally {
        // A reader that failed must not leave the source (an upstream response) open.
        if (!done) void parts.return({}).catch(() => {});
      }
    },
  };
}
