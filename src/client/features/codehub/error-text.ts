import type { TFunction } from 'i18next';
import { HttpError } from '#client/lib/http.ts';
import { FileChangedDetailsSchema, type CodeFile } from '#shared/codehub/codehub-schemas.ts';

/** The file as it is now, when a save was refused for being made on an older version (decision 328). */
export function newerVersionOf(error: unknown): CodeFile | undefined {
  if (!(error instanceof HttpError) || error.code !== 'CONFLICT') return undefined;
  const details = FileChangedDetailsSchema.safeParse(error.details);
  return details.success ? details.data.current : undefined;
}

/** What the user reads for a failed code hub request, by status (not by the server's English). */
export function errorText(t: TFunction<'codehub'>, error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 409) {
      if (newerVersionOf(error)) return t('conflict.message');
      const live = (error.details as { liveSession?: unknown } | undefined)?.liveSession === true;
      return t(live ? 'errors.inLiveSession' : 'errors.filenameTaken');
    }
    if (error.status === 413) return t('errors.tooLarge');
    if (error.status === 404) return t('errors.notFound');
    if (error.status === 400) return t('errors.invalid');
  }
  return t('errors.failed');
}
