import type { TFunction } from 'i18next';
import { HttpError } from '#client/lib/http.ts';

/** What the user reads for a failed code hub request, by status (not by the server's English). */
export function errorText(t: TFunction<'codehub'>, error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 409) {
      const live = (error.details as { liveSession?: unknown } | undefined)?.liveSession === true;
      return t(live ? 'errors.inLiveSession' : 'errors.filenameTaken');
    }
    if (error.status === 413) return t('errors.tooLarge');
    if (error.status === 404) return t('errors.notFound');
    if (error.status === 400) return t('errors.invalid');
  }
  return t('errors.failed');
}
