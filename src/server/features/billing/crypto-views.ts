import type { CryptoPayment } from '#shared/billing/crypto-schemas.ts';
import type { PaidPlanId } from '#shared/billing/prices.ts';
import type { CryptoPaymentRow } from './crypto.queries.ts';

export function toCryptoPayment(row: CryptoPaymentRow): CryptoPayment {
  return {
    id: row.id,
    plan: row.planId as PaidPlanId,
    durationMonths: row.durationMonths,
    coin: row.coin as CryptoPayment['coin'],
    status: row.status as CryptoPayment['status'],
    walletAddress: row.walletAddress,
    amountCents: row.amountCents,
    currency: row.currency,
    cryptoAmount: row.cryptoAmount,
    rateEur: row.rateEur,
    verificationCode: row.verificationCode,
    expiresAt: row.expiresAt.toISOString(),
    testMode: row.testMode,
    txHash: row.txHash,
    senderWalletAddress: row.senderWalletAddress,
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    notes: row.notes,
  };
}
