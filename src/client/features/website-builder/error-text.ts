import type { TFunction } from 'i18next';
import { HttpError, TimeoutError } from '#client/lib/http.ts';

/** What the user reads for a failed builder request, by status (not by the server's English). */
export function errorText(t: TFunction<'websiteBuilder'>, error: unknown): string {
  if (error instanceof TimeoutError) return t('errors.timeout');
  if (error instanceof HttpError) {
    if (error.status === 504) return t('errors.timeout');
    if (error.status === 409) return t('errors.busy');
    if (error.status === 429) {
      // The daily number of builds (decision 248), or the token budget (decision 325): a request
      // over the plan's largest one (its details name maxRequestSize, decision 329) or used-up tokens.
      if (error.code !== 'QUOTA_EXCEEDED_ERROR') return t('errors.rateLimited');
      return t(isRequestTooLarge(error.details) ? 'errors.requestTooLarge' : 'errors.tokensUsedUp');
    }
    if (error.status === 404) return t('errors.notFound');
    if (error.status === 400) return t('errors.invalid');
  }
  return t('errors.failed');
}

const isRequestTooLarge = (details: unknown) =>
  typeof details === 'object' && details !== null && 'maxRequestSize' in details;
