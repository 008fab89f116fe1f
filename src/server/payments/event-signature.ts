import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { VerifiedEvent, VerifyDelivery } from '#server/webhooks/inbound.ts';

/** Seconds a signed delivery stays acceptable (replays of old deliveries are refused). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Verifies Stripe's `Stripe-Signature` scheme (t=…,v1=HMAC-SHA256) on the raw body with the
 * official SDK. The sandbox signs its events with the same scheme, so both share this check.
 */
export function stripeSignatureVerifier(secret: string): VerifyDelivery {
  return (rawBody, headers) => {
    const header = headers['stripe-signature'];
    if (typeof header !== 'string') throw new Error('Missing Stripe-Signature header');
    const event = Stripe.webhooks.constructEvent(
      rawBody,
      header,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
    return { id: event.id, type: event.type, payload: event } satisfies VerifiedEvent;
  };
}

/** The header Stripe would send for `payload` (the sandbox's deliveries). */
export function signPayload(payload: string, secret: string, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** The sandbox's signing key, derived from APP_SECRET (never configured, never shown). */
export function sandboxSigningSecret(appSecret: string): string {
  return `whsec_${createHmac('sha256', appSecret).update('payments.sandbox.webhooks').digest('hex')}`;
}
