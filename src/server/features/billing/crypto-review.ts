import { withAudit, type AuditActor } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import { conflict, forbidden, notFound } from '#shared/errors/app-error.ts';
import { effectiveTier, tierRank } from '#shared/plans/tiers.ts';
import {
  findSubscription,
  recordPayment,
  setEntitlement,
  upsertSubscription,
  type SubscriptionRow,
} from './billing.queries.ts';
import { findCryptoPayment, lockCryptoBuyer, transitionCryptoPayment } from './crypto.queries.ts';
import { toCryptoPayment } from './crypto-views.ts';

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
export function requireNoRunningCard(row: SubscriptionRow | null) {
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

/** The administrators' decision on a reported crypto payment (decision 084), audited. */
export function createCryptoReview(db: Database) {
  return {
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
        // The subscription row is locked before the user, the order the card events take them in.
        const current = await findSubscription(tx, row.userId, true);
        const user = await lockCryptoBuyer(tx, row.userId);
        // Read under the lock an erasure holds while it runs (decision 315). An erased account
        // gets no plan and no contract: the coins go back to the sender, and the payment stays
        // pending until an administrator rejects it, noting the refund (decision 330).
        if (user?.deletedAt) throw conflict('Account deleted: refund the payment to its sender');
        // Checked again: a card plan may have been bought since the payment was created.
        requireNoRunningCard(current);
        // And the tier rule of decision 084: payments reported side by side on free both passed
        // it, and a lower term verified after a higher one would replace it and its paid rest.
        // It stays pending for its coins to be sent back (decision 334).
        if (user && tierRank(row.planId) < tierRank(effectiveTier(user))) {
          throw conflict('Not an Upgrade');
        }
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
