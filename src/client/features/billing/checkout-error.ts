import { HttpError } from '#client/lib/http.ts';

/**
 * The translation key of a failed checkout: the two 409s the server names exactly
 * ('Already Subscribed', 'Not an Upgrade', spec 02 §7), else a general failure.
 */
export function checkoutErrorKey(error: unknown): string {
  if (error instanceof HttpError && error.status === 409) {
    if (error.message === 'Already Subscribed') return 'errors.alreadySubscribed';
    if (error.message === 'Not an Upgrade') return 'errors.notAnUpgrade';
  }
  return 'errors.checkoutFailed';
}
