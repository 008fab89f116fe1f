import type { SandboxSubscriptionRow } from './sandbox.queries.ts';

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

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
