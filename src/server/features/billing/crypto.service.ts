import { randomInt } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { findUniqueViolation } from '#server/db/database-errors.ts';
import type { Env } from '#server/env.ts';
import {
  isBitcoinAddress,
  isBitcoinTxid,
  isEthereumAddress,
  isEthereumTxHash,
} from '#server/payments/crypto-addresses.ts';
import { cryptoAmountFor } from '#server/payments/crypto-rates.ts';
import type { CryptoPaymentCreate } from '#shared/billing/crypto-schemas.ts';
import { AppError, conflict, invalid, notFound } from '#shared/errors/app-error.ts';
import { findPlan, findSubscription } from './billing.queries.ts';
import { assertUpgrade } from './billing.service.ts';
import {
  findCryptoPayment,
  insertCryptoPayment,
  isTxHashUsed,
  transitionCryptoPayment,
} from './crypto.queries.ts';
import { createCryptoReview, requireNoRunningCard } from './crypto-review.ts';
import { toCryptoPayment } from './crypto-views.ts';
import { createRateLookup, cryptoTerms, type CryptoSettings } from './crypto-wallets.ts';

const RATE_FROZEN_MS = 30 * 60_000;

/**
 * Crypto terms (issue 11 item 3, decision 084): the buyer creates and reports a payment, then an
 * administrator verifies or rejects it (crypto-review.ts).
 */
export function createCryptoService(db: Database, env: Env, settings: () => CryptoSettings) {
  const rateFor = createRateLookup(env);

  const owned = async (userId: number, id: number) => {
    const row = await findCryptoPayment(db, id);
    if (!row || row.userId !== userId) throw notFound('Payment not found');
    return row;
  };

  return {
    async create(userId: number, input: CryptoPaymentCreate) {
      await assertUpgrade(db, userId, input.plan);
      requireNoRunningCard(await findSubscription(db, userId));
      const plan = await findPlan(db, input.plan);
      if (!plan) throw invalid('Unknown plan', { plan: ['Unknown plan'] });
      const amountCents = input.durationMonths === 6 ? plan.crypto6Price : plan.crypto12Price;
      const terms = cryptoTerms(env, settings());
      const rate = await rateFor(input.coin, terms);
      if (rate === null) throw new AppError('SERVER_ERROR', 503, 'Payment error');
      const code = randomInt(100, 1000);
      const row = await insertCryptoPayment(db, {
        userId,
        planId: input.plan,
        durationMonths: input.durationMonths,
        amountCents,
        coin: input.coin,
        cryptoAmount: cryptoAmountFor(amountCents, rate, input.coin, code),
        rateEur: String(rate),
        walletAddress: terms.wallets[input.coin],
        verificationCode: String(code),
        testMode: terms.testMode,
        expiresAt: new Date(Date.now() + RATE_FROZEN_MS),
      });
      return toCryptoPayment(row);
    },

    async get(userId: number, id: number) {
      return toCryptoPayment(await owned(userId, id));
    },

    /** 'I have paid'. */
    async report(
      userId: number,
      id: number,
      input: { txHash: string; senderWalletAddress: string },
    ) {
      const row = await owned(userId, id);
      const btc = row.coin === 'BTC';
      const errors: Record<string, string[]> = {};
      if (!(btc ? isBitcoinTxid(input.txHash) : isEthereumTxHash(input.txHash))) {
        errors.txHash = [btc ? 'Not a Bitcoin transaction id' : 'Not an Ethereum transaction hash'];
      }
      const address = input.senderWalletAddress;
      if (!(btc ? isBitcoinAddress(address) : isEthereumAddress(address))) {
        errors.senderWalletAddress = [btc ? 'Not a Bitcoin address' : 'Not an Ethereum address'];
      }
      if (Object.keys(errors).length > 0) {
        throw invalid(`Invalid ${Object.keys(errors).join(', ')}`, errors);
      }
      if (row.status !== 'awaiting_payment') throw conflict('Payment already reported');
      if (await isTxHashUsed(db, input.txHash)) throw conflict('Transaction already used');
      try {
        const updated = await transitionCryptoPayment(db, id, 'awaiting_payment', {
          status: 'pending',
          txHash: input.txHash,
          senderWalletAddress: address,
          reportedAt: new Date(),
        });
        if (!updated) throw conflict('Payment already reported');
        return toCryptoPayment(updated);
      } catch (error) {
        if (findUniqueViolation(error)) throw conflict('Transaction already used');
        throw error;
      }
    },

    ...createCryptoReview(db),
  };
}
