import { apiRequest, HttpError, readJson, TimeoutError } from '#client/lib/http.ts';
import {
  RestoreStatusSchema,
  type RestoreResult,
  type RestoreStatus,
} from '#shared/admin/backups.ts';

/** How often the server is asked about a restore whose answer was lost. */
export const RESTORE_POLL_MS = 2000;
/** How long a restore the server does not know may still be on its way to it. */
const NOT_BEGUN_AFTER_MS = 10_000;

/**
 * Whether a failed request's answer never came from the app (decision 309): the connection
 * broke (fetch rejects with a TypeError), the browser gave up waiting, or a proxy answered for
 * the app with its own page (nginx's 502 or 504, not the app's error envelope). The restore may
 * be going on all the same.
 */
export function isAnswerLost(error: unknown): boolean {
  if (error instanceof HttpError) return error.status >= 500 && error.code === undefined;
  return error instanceof TypeError || error instanceof TimeoutError;
}

/** A question about the restore that may be answered if asked again. */
const isUnanswered = (error: unknown) =>
  isAnswerLost(error) || (error instanceof HttpError && error.status >= 500);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks GET /api/admin/backups/restore/{restoreId} until the restore has ended: its result, or
 * its error as its own answer would have been. While the server cannot be reached, or answers
 * 5xx (busy with the restore itself), it asks again. After `giveUpMs` in all (a restore still
 * `running` that long stopped where nobody can tell: its instance died), or when the server
 * still knows no such restore after a few seconds (it never began), `lost` is thrown: the
 * failure first seen.
 */
export async function followRestore(
  restoreId: string,
  lost: unknown,
  giveUpMs: number,
): Promise<RestoreResult> {
  const lostAt = Date.now();
  for (;;) {
    if (Date.now() - lostAt >= giveUpMs) throw lost;
    let status: RestoreStatus | undefined;
    try {
      status = (await readJson(
        await apiRequest('GET', `/api/admin/backups/restore/${restoreId}`),
        () => RestoreStatusSchema,
      ))!;
    } catch (error) {
      const notKnown = error instanceof HttpError && error.status === 404;
      if (notKnown && Date.now() - lostAt >= NOT_BEGUN_AFTER_MS) throw lost;
      if (!notKnown && !isUnanswered(error)) throw error;
    }
    if (status?.state === 'restored') return status.result;
    if (status?.state === 'failed') {
      const { statusCode, message, code, details } = status.error;
      throw new HttpError(statusCode, message, code, details);
    }
    await sleep(RESTORE_POLL_MS);
  }
}
