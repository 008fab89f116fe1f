import type { CryptoPayment } from '#shared/billing/crypto-schemas.ts';

/** The payment page of a plan and term, optionally of one payment. */
export const cryptoPaymentPath = (payment: Pick<CryptoPayment, 'plan' | 'durationMonths' | 'id'>) =>
  `/crypto-payment/${payment.plan}/${payment.durationMonths}?id=${payment.id}`;

/** The waiting page after 'I have paid'. */
export const pendingPath = (id: number) => `/crypto-payment-pending?id=${id}`;
