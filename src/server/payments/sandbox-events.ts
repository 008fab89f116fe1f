import { randomBytes } from 'node:crypto';
import type { Inbound } from '#server/webhooks/inbound.ts';
import { sandboxSigningSecret, signPayload, stripeSignatureVerifier } from './event-signature.ts';
import type { BillingInterval } from './payment-provider.ts';
import type { SandboxSubscriptionRow } from './sandbox.queries.ts';

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Whole seconds, as Stripe's timestamps are: events and records then agree exactly. */
export const wholeSecondNow = () => new Date(Math.floor(Date.now() / 1000) * 1000);
export const randomId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

/** The end of a period that starts at `start` (calendar months, as Stripe bills). */
export function addInterval(start: Date, interval: BillingInterval): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + (interval === 'year' ? 12 : 1));
  return end;
}

/** Stripe-shaped objects of the sandbox's events: the handlers read Stripe's fields only. */
export const subscriptionObject = (row: SandboxSubscriptionRow) => ({
  id: row.id,
  object: 'subscription',
  customer: `cus_sbx_${row.userId}`,
  status: row.status,
});

export const invoiceObject = (input: {
  id: string;
  row: SandboxSubscriptionRow;
  amountCents: number;
  currency: string;
  reason: string;
  paymentRef: string;
  status: 'paid' | 'open';
}) => ({
  id: input.id,
  object: 'invoice',
  customer: `cus_sbx_${input.row.userId}`,
  status: input.status,
  amount_paid: input.status === 'paid' ? input.amountCents : 0,
  amount_due: input.amountCents,
  currency: input.currency.toLowerCase(),
  billing_reason: input.reason,
  hosted_invoice_url: null,
  parent: {
    type: 'subscription_details',
    subscription_details: {
      subscription: input.row.id,
      metadata: { userId: String(input.row.userId), plan: input.row.planId },
    },
  },
  lines: {
    data: [
      {
        period: {
          start: seconds(input.row.currentPeriodStart),
          end: seconds(input.row.currentPeriodEnd),
        },
      },
    ],
  },
  payments: { data: [{ payment: { type: 'payment_intent', payment_intent: input.paymentRef } }] },
});

export type SandboxEmit = ReturnType<typeof sandboxEmitter>;

/**
 * Reports a change as Stripe would: a signed event through the same verification and inbound
 * pipeline as a real delivery, applied before this resolves.
 */
export function sandboxEmitter(provider: string, appSecret: string, inbound: Inbound) {
  const secret = sandboxSigningSecret(appSecret);
  const verify = stripeSignatureVerifier(secret);
  return async (type: string, object: Record<string, unknown>, eventId?: string) => {
    const payload = JSON.stringify({
      id: eventId ?? randomId('evt'),
      object: 'event',
      type,
      created: seconds(new Date()),
      livemode: false,
      data: { object },
    });
    const event = verify(Buffer.from(payload), {
      'stripe-signature': signPayload(payload, secret),
    });
    await inbound.accept(provider, event, { processNow: true });
  };
}
