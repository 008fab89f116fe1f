import { HttpError } from '#client/lib/http.ts';

/**
 * The translation key of a failed checkout: the 409s the server names exactly ('Already
 * Subscribed', 'Not an Upgrade', spec 02 §7; a crypto term over a running card plan and a card
 * plan over a running crypto term, decision 312; a Decline after a Succeed that was charged,
 * decision 330; a new subscription's Succeed over a card plan bought since, decision 334), else
 * a general failure.
 */
export function checkoutErrorKey(error: unknown): string {
  if (error instanceof HttpError && error.status === 409) {
    if (error.message === 'Already Subscribed') return 'errors.alreadySubscribed';
    if (error.message === 'Not an Upgrade') return 'errors.notAnUpgrade';
    if (error.message === 'Card subscription still running') return 'errors.cardRunning';
    if (error.message === 'Prepaid term still running') return 'errors.prepaidRunning';
    if (error.message === 'Checkout out of date') return 'errors.outOfDate';
    if (error.message === 'Payment already made: press Succeed to finish') {
      return 'errors.alreadyPaid';
    }
  }
  return 'errors.checkoutFailed';
}
