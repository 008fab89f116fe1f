import { HttpError } from '#client/lib/http.ts';

/** The server's field errors of a 400 (`details`: field → messages), else none. */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof HttpError) || error.status !== 400) return {};
  const details = error.details;
  if (details === null || typeof details !== 'object') return {};
  return Object.fromEntries(
    Object.entries(details as Record<string, unknown>).filter(
      (entry): entry is [string, string[]] => Array.isArray(entry[1]),
    ),
  );
}
