import type { Database } from '#server/db/client.ts';
import { prorationCents, type PaidPlanId } from '#shared/billing/prices.ts';
import type { BillingInterval, PaymentProvider, PlanPrice } from './payment-provider.ts';
import { invoiceObject, subscriptionObject, type SandboxEmit } from './sandbox-events.ts';
import {
  findSandboxSubscription,
  findSandboxUpgrade,
  insertSandboxUpgrade,
  updateSandboxSubscription,
  type SandboxUpgradeRow,
} from './sandbox.queries.ts';

/**
 * Upgrades in the sandbox, kept per idempotency key (the checkout) as Stripe keeps a request's
 * result per Idempotency-Key (decision 330). The first call charges: it records the upgrade and
 * switches the plan in one transaction. Every call then reports that record with the same event
 * ids, so a retry after a failed step delivers what is missing and the inbound pipeline applies
 * each event once (decision 311).
 */
export function createSandboxUpgrades(deps: {
  db: Database;
  emit: SandboxEmit;
  priceOf(planId: PaidPlanId, interval: BillingInterval): Promise<PlanPrice>;
}) {
  const { db } = deps;

  /** The upgrade charged under this key: the one recorded, else recorded now. */
  const chargeOnce = async (input: Parameters<PaymentProvider['upgrade']>[0]) => {
    const recorded = await findSandboxUpgrade(db, input.idempotencyKey);
    if (recorded) return recorded;
    const row = await findSandboxSubscription(db, input.subscriptionId);
    if (!row || row.status !== 'active') throw new Error('No active sandbox subscription');
    const old = await deps.priceOf(row.planId as PaidPlanId, row.interval as BillingInterval);
    const now = Date.now();
    const amountCents = prorationCents(
      old.priceCents,
      input.price.priceCents,
      row.currentPeriodEnd.getTime() - now,
      row.currentPeriodEnd.getTime() - row.currentPeriodStart.getTime(),
    );
    return db.transaction(async (tx) => {
      const inserted = await insertSandboxUpgrade(tx, {
        idempotencyKey: input.idempotencyKey,
        subscriptionId: row.id,
        planId: input.price.planId,
        amountCents,
        currency: input.price.currency,
        periodStart: row.currentPeriodStart,
        periodEnd: row.currentPeriodEnd,
      });
      // A call at the same moment charged it first.
      if (!inserted) return (await findSandboxUpgrade(tx, input.idempotencyKey))!;
      if (row.planId !== input.price.planId) {
        await updateSandboxSubscription(tx, row.id, {
          planId: input.price.planId,
          nextPlanId: null,
        });
      }
      return inserted;
    });
  };

  /** The events of a charged upgrade, the same on every call: its ids and amount are recorded. */
  const report = async (upgrade: SandboxUpgradeRow) => {
    const row = await findSandboxSubscription(db, upgrade.subscriptionId);
    if (!row) throw new Error(`No sandbox subscription ${upgrade.subscriptionId}`);
    const upgraded = {
      ...row,
      status: 'active',
      planId: upgrade.planId,
      nextPlanId: null,
      currentPeriodStart: upgrade.periodStart,
      currentPeriodEnd: upgrade.periodEnd,
    };
    const key = upgrade.idempotencyKey;
    await deps.emit(
      'customer.subscription.updated',
      subscriptionObject(upgraded),
      `evt_sbx_upg_${key}`,
    );
    const invoice = invoiceObject({
      id: `in_sbx_${key}`,
      row: upgraded,
      amountCents: upgrade.amountCents,
      currency: upgrade.currency,
      reason: 'subscription_update',
      paymentRef: `pi_sbx_${key}`,
      status: 'paid',
    });
    await deps.emit('invoice.paid', invoice, `evt_sbx_paid_${key}`);
  };

  return {
    async upgrade(input: Parameters<PaymentProvider['upgrade']>[0]) {
      await report(await chargeOnce(input));
    },

    async hasUpgradeOf(idempotencyKey: string) {
      return (await findSandboxUpgrade(db, idempotencyKey)) !== null;
    },
  };
}
