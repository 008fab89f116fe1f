import { HttpError } from '#client/lib/http.ts';

/**
 * The translation key of a failed checkout: the 409s the server names exactly ('Already
 * Subscribed', 'Not an Upgrade', spec 02 §7; a crypto term while a card plan runs, decision 312),
 * else a general failure.
 */
export function checkoutErrorKey(error: unknown): string {
  if (error instanceof HttpError && error.status === 409) {
    if (error.message === 'Already Subscribed') return 'errors.alreadySubscribed';
    if (error.message === 'Not an Upgrade') return 'errors.notAnUpgrade';
    if (error.message === 'Card subscription still running') return 'errors.cardRunning';
  }
  return 'errors.checkoutFailed';
}
