import { randomInt } from 'node:crypto';
import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import { findUniqueViolation } from '#server/db/database-errors.ts';
import type { Env } from '#server/env.ts';
import {
  isBitcoinAddress,
  isBitcoinTxid,
  isEthereumAddress,
  isEthereumTxHash,
} from '#server/payments/crypto-addresses.ts';
import { cryptoAmountFor, createCryptoRates } from '#server/payments/crypto-rates.ts';
import type { AppSettings } from '#shared/admin/app-settings.ts';
import type {
  CryptoCoin,
  CryptoPayment,
  CryptoPaymentCreate,
} from '#shared/billing/crypto-schemas.ts';
import type { PaidPlanId } from '#shared/billing/prices.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '#shared/errors/app-error.ts';
import { effectiveTier } from '#shared/plans/tiers.ts';
import {
  findPlan,
  findSubscription,
  recordPayment,
  setEntitlement,
  upsertSubscription,
  type SubscriptionRow,
} from './billing.queries.ts';
import { assertUpgrade } from './billing.service.ts';
import {
  findCryptoPayment,
  insertCryptoPayment,
  isTxHashUsed,
  lockCryptoBuyer,
  transitionCryptoPayment,
  type CryptoPaymentRow,
} from './crypto.queries.ts';

const RATE_FROZEN_MS = 30 * 60_000;
const TEST_ADDRESSES = {
  BTC: 'TEST-MODE-BTC-ADDRESS-DO-NOT-SEND',
  ETH: 'TEST-MODE-ETH-ADDRESS-DO-NOT-SEND',
} as const;

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

const addMonths = (from: Date, months: number) => {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
};

/**
 * A card plan not yet ended, even one cancelled at its period end, still belongs to its provider,
 * whose events rewrite the user's one subscription row: a crypto term over it would be lost while
 * the card kept being charged (decision 312).
 */
function requireNoRunningCard(row: SubscriptionRow | null) {
  if (
    row &&
    row.provider !== 'crypto' &&
    row.providerSubscriptionId !== null &&
    row.status !== 'canceled' &&
    row.currentPeriodEnd.getTime() > Date.now()
  ) {
    throw conflict('Card subscription still running', {
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    });
  }
}

type CryptoSettings = Pick<
  AppSettings,
  'cryptoBtcAddress' | 'cryptoEthAddress' | 'cryptoRateBtcEur' | 'cryptoRateEthEur'
>;

/**
 * Wallets and rates in effect (decision 173): the administrator's wallets over the environment's;
 * rates from CRYPTO_RATES_URL when set, else the administrator's; test mode (test addresses and
 * rates) while either wallet is missing everywhere.
 */
function cryptoTerms(env: Env, settings: CryptoSettings) {
  const btc = settings.cryptoBtcAddress ?? env.CRYPTO_BTC_ADDRESS;
  const eth = settings.cryptoEthAddress ?? env.CRYPTO_ETH_ADDRESS;
  const testMode = !btc || !eth;
  return {
    testMode,
    wallets: testMode ? TEST_ADDRESSES : { BTC: btc, ETH: eth },
    adminRates: { BTC: settings.cryptoRateBtcEur, ETH: settings.cryptoRateEthEur },
  };
}

/** Crypto terms (issue 11 item 3, decision 084): report, then an administrator verifies. */
export function createCryptoService(db: Database, env: Env, settings: () => CryptoSettings) {
  const urlRates = env.CRYPTO_RATES_URL
    ? createCryptoRates({ url: env.CRYPTO_RATES_URL, testMode: false })
    : undefined;
  const testRates = createCryptoRates({ testMode: true });
  const rateFor = async (coin: CryptoCoin, terms: ReturnType<typeof cryptoTerms>) => {
    if (urlRates) return urlRates.eurPer(coin);
    if (terms.testMode) return testRates.eurPer(coin);
    const entered = terms.adminRates[coin];
    return entered ? Number(entered) : null;
  };

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

    /** Activates the plan in the same transaction; of two administrators at once one wins. */
    async verify(actor: AuditActor, id: number) {
      const adminId = actor.userId;
      const target = { type: 'crypto_payment', id };
      return withAudit(db, actor, 'crypto_payment.verify', target, async (tx, record) => {
        const row = await findCryptoPayment(tx, id);
        if (!row) throw notFound('Payment not found');
        if (row.userId === adminId) throw forbidden('You cannot verify your own payment');
        const verified = await transitionCryptoPayment(tx, id, 'pending', {
          status: 'verified',
          verifiedAt: new Date(),
          verifiedBy: adminId,
          walletVerified: true,
        });
        if (!verified) throw conflict('Payment is not pending');
        // Checked again: a card plan may have been bought since the payment was created. The
        // subscription row is locked before the user, the order the card events take them in.
        requireNoRunningCard(await findSubscription(tx, row.userId, true));
        const user = await lockCryptoBuyer(tx, row.userId);
        const now = new Date();
        // A term of the same plan still running is extended, not restarted.
        const running =
          user && effectiveTier(user) === row.planId && user.subscriptionExpiry
            ? new Date(user.subscriptionExpiry)
            : null;
        const start = running && running > now ? running : now;
        const end = addMonths(start, row.durationMonths);
        await upsertSubscription(tx, {
          userId: row.userId,
          planId: row.planId,
          interval: null,
          status: 'active',
          provider: 'crypto',
          providerSubscriptionId: `crypto_${row.id}`,
          providerCustomerId: null,
          paymentMethod: 'crypto',
          startDate: now,
          currentPeriodStart: start,
          currentPeriodEnd: end,
          cancelAtPeriodEnd: true,
          scheduledPlanId: null,
        });
        await recordPayment(tx, {
          userId: row.userId,
          provider: 'crypto',
          providerPaymentId: String(row.id),
          paymentRef: row.txHash,
          planId: row.planId,
          durationMonths: row.durationMonths,
          amountCents: row.amountCents,
          currency: row.currency,
          method: 'crypto',
          status: 'paid',
          periodStart: start,
          periodEnd: end,
        });
        await setEntitlement(tx, row.userId, row.planId, end);
        record.before = { status: row.status, tier: user?.subscriptionTier ?? null };
        record.after = { status: 'verified', userId: row.userId, plan: row.planId, until: end };
        return toCryptoPayment(verified);
      });
    },

    async reject(actor: AuditActor, id: number, notes: string) {
      const target = { type: 'crypto_payment', id };
      return withAudit(db, actor, 'crypto_payment.reject', target, async (tx, record) => {
        const row = await findCryptoPayment(tx, id);
        if (!row) throw notFound('Payment not found');
        if (row.userId === actor.userId) throw forbidden('You cannot decide on your own payment');
        const rejected = await transitionCryptoPayment(tx, id, 'pending', {
          status: 'rejected',
          notes,
          verifiedAt: new Date(),
          verifiedBy: actor.userId,
        });
        if (!rejected) throw conflict('Payment is not pending');
        record.before = { status: row.status };
        record.after = { status: 'rejected' };
        record.reason = notes;
        return toCryptoPayment(rejected);
      });
    },
  };
}
