import { HttpError } from '#client/lib/http.ts';

/** The server's message of a failed save (it names the invalid field), else a generic one. */
export function saveErrorText(error: unknown, fallback: string) {
  return error instanceof HttpError ? error.message : error ? fallback : null;
}
