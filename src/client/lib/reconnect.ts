import { backoffDelay, HttpError } from '#client/lib/http.ts';

export interface ReconnectOptions {
  /** Reconnects after the first attempt before the error is given up on. */
  reconnects: number;
  /** Ends the loop: an aborted loop reconnects no more and rejects with the last error. */
  signal: AbortSignal;
  /**
   * Whether an error is a dropped connection worth reconnecting after. Default: anything but an
   * answer of the server (an HttpError, including an `error` event), which a reconnect repeats.
   */
  dropped?: (error: unknown) => boolean;
}

const isDropped = (error: unknown) => !(error instanceof HttpError);

/**
 * Runs `connect` until it resolves, reconnecting after a dropped connection with the shared
 * backoff (1 s, 2 s, 4 s …). `connect` gets the attempt number; a live stream resumes from what
 * it saw last (Last-Event-ID), so what was shown stays on the screen.
 */
export async function withReconnects<T>(
  connect: (attempt: number) => Promise<T>,
  { reconnects, signal, dropped = isDropped }: ReconnectOptions,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await connect(attempt);
    } catch (error) {
      if (signal.aborted || attempt >= reconnects || !dropped(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt)));
    }
  }
}
