import type { FastifyBaseLogger } from 'fastify';
import type { Executor, Transaction } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { PaymentProvider } from '#server/payments/payment-provider.ts';
import type { InboundEvent } from '#server/webhooks/inbound.ts';
import {
  findPaymentByRef,
  lockBillingUser,
  lockProviderSubscription,
  markPaymentRefunded,
  recordPayment,
  refundedThrough,
  setEntitlement,
  transitionCheckout,
  upsertSubscription,
  findSubscription,
} from './billing.queries.ts';

/** Cancels a provider subscription after the refund that ended it has committed (an outbox job). */
export const CANCEL_PROVIDER_SUBSCRIPTION_JOB = 'billing.cancel-provider-subscription';

/**
 * Queues the cancellation of a provider subscription in `db` (an open transaction): sent once it
 * commits, retried if the provider fails. Keyed by the subscription, so a refund, an erasure and
 * an event of an erased account send one cancellation between them (decisions 313, 315).
 */
export function enqueueProviderCancellation(
  jobs: Jobs,
  db: Executor,
  provider: string,
  subscriptionId: string,
) {
  return jobs.enqueue(
    CANCEL_PROVIDER_SUBSCRIPTION_JOB,
    { subscriptionId },
    { key: `${provider}:${subscriptionId}`, db },
  );
}

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json =>
  value !== null && typeof value === 'object' ? (value as Json) : {};
const asString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown) => asString(value) ?? asString(asObject(value).id);

/** Where a Stripe invoice names its subscription (new API versions and old ones). */
function invoiceSubscription(invoice: Json) {
  const details = asObject(asObject(invoice.parent).subscription_details);
  return {
    id: idOf(details.subscription) ?? idOf(invoice.subscription),
    metadata: asObject(details.metadata),
  };
}

function invoicePeriod(invoice: Json) {
  const lines = asObject(invoice.lines).data;
  const period = asObject(Array.isArray(lines) ? asObject(lines[0]).period : undefined);
  const at = (value: unknown) => (typeof value === 'number' ? new Date(value * 1000) : null);
  return { start: at(period.start), end: at(period.end) };
}

function invoicePaymentRef(invoice: Json) {
  const list = asObject(invoice.payments).data;
  const first = Array.isArray(list) ? asObject(asObject(list[0]).payment) : {};
  return idOf(first.payment_intent) ?? idOf(invoice.payment_intent);
}

/**
 * The handlers of every card provider's events (decision 082). They never apply an event's
 * diff: they re-fetch the subscription and write its current state, so any order converges.
 */
export function createBillingEventHandler(deps: {
  provider: PaymentProvider;
  jobs: Jobs;
  log: FastifyBaseLogger;
}) {
  const { provider } = deps;
  const method = provider.name === 'stripe' ? 'card' : 'sandbox';

  /** Our record and the user's entitlement follow the provider's subscription as it is now. */
  const converge = async (tx: Transaction, subscriptionId: string) => {
    await lockProviderSubscription(tx, provider.name, subscriptionId);
    const remote = await provider.retrieveSubscription(subscriptionId, tx);
    if (!remote) return null;
    const current = await findSubscription(tx, remote.userId, true);
    // Locked after the subscription row: an erasure under way holds it, so this waits for it.
    const erased = (await lockBillingUser(tx, remote.userId))?.deletedAt != null;
    // A late event of an older, ended subscription must not overwrite the current one.
    if (
      current &&
      current.providerSubscriptionId !== remote.id &&
      current.status !== 'canceled' &&
      remote.status === 'canceled'
    ) {
      return { remote, erased };
    }
    // A Checkout opened before its account was erased can be paid after (decision 315): nothing
    // is granted to the erased account, and the provider stops billing once this commits.
    const endedByErasure = erased && remote.status !== 'canceled';
    if (endedByErasure) await enqueueProviderCancellation(deps.jobs, tx, provider.name, remote.id);
    const refunded = await refundedThrough(tx, provider.name, remote.id);
    // Provider timestamps are whole seconds.
    const endedByRefund =
      refunded !== null && refunded.getTime() >= remote.currentPeriodEnd.getTime() - 999;
    const endedNow = endedByRefund || endedByErasure;
    const status = endedNow ? 'canceled' : remote.status;
    await upsertSubscription(tx, {
      userId: remote.userId,
      planId: remote.planId,
      interval: remote.interval,
      status,
      provider: provider.name,
      providerSubscriptionId: remote.id,
      providerCustomerId: remote.customerId,
      paymentMethod: method,
      currentPeriodStart: remote.currentPeriodStart,
      currentPeriodEnd: endedNow ? new Date() : remote.currentPeriodEnd,
      cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
      scheduledPlanId: remote.nextPlanId,
    });
    if (status === 'canceled') await setEntitlement(tx, remote.userId, 'free', null);
    else await setEntitlement(tx, remote.userId, remote.planId, remote.currentPeriodEnd);
    return { remote, erased };
  };

  const onInvoice = async (tx: Transaction, invoice: Json, paid: boolean) => {
    const subscription = invoiceSubscription(invoice);
    const converged = subscription.id ? await converge(tx, subscription.id) : null;
    const remote = converged?.remote;
    const userId = remote?.userId ?? Number(subscription.metadata.userId);
    const planId = remote?.planId ?? asString(subscription.metadata.plan);
    const invoiceId = asString(invoice.id);
    if (!Number.isInteger(userId) || !planId || !invoiceId) return;
    const period = invoicePeriod(invoice);
    const paymentRef =
      invoicePaymentRef(invoice) ?? (paid ? await provider.paymentRefOfInvoice(invoiceId) : null);
    const amount = paid ? invoice.amount_paid : invoice.amount_due;
    await recordPayment(tx, {
      userId,
      provider: provider.name,
      providerPaymentId: invoiceId,
      providerSubscriptionId: subscription.id,
      paymentRef,
      planId,
      interval: remote?.interval ?? null,
      amountCents: typeof amount === 'number' ? amount : 0,
      currency: (asString(invoice.currency) ?? 'eur').toUpperCase(),
      method,
      status: paid ? 'paid' : 'failed',
      periodStart: period.start,
      periodEnd: period.end,
      receiptUrl: asString(invoice.hosted_invoice_url),
    });
    if (paid && converged?.erased) {
      // The payment interface cannot refund (decision 315): someone has to, at the provider.
      deps.log.warn(
        { provider: provider.name, invoiceId, userId, subscriptionId: subscription.id },
        'a payment for an erased account was recorded: refund it at the provider',
      );
    }
  };

  const onRefund = async (tx: Transaction, charge: Json) => {
    const ref = idOf(charge.payment_intent);
    if (!ref) return;
    const full =
      typeof charge.amount_refunded === 'number' && typeof charge.amount === 'number'
        ? charge.amount_refunded >= charge.amount
        : charge.refunded === true;
    if (!full) return;
    const payment = await findPaymentByRef(tx, provider.name, ref);
    // Stripe does not order its events: the invoice.paid that records this payment may not be
    // handled yet. Failing leaves the refund unprocessed, so its job retries (decision 311).
    if (!payment) throw new Error(`No ${provider.name} payment ${ref} to refund yet`);
    if (payment.status !== 'paid') return;
    await markPaymentRefunded(tx, payment.id);
    const subscriptionId = payment.providerSubscriptionId;
    if (!subscriptionId || !payment.periodEnd || payment.periodEnd <= new Date()) return;
    // The refunded payment paid for the running period: access ends now (decision 081), and the
    // provider stops billing once this transaction has committed.
    await converge(tx, subscriptionId);
    await enqueueProviderCancellation(deps.jobs, tx, provider.name, subscriptionId);
  };

  deps.jobs.define<{ subscriptionId: string }>({
    name: CANCEL_PROVIDER_SUBSCRIPTION_JOB,
    run: ({ subscriptionId }) => provider.cancelNow(subscriptionId),
  });

  return async (event: InboundEvent, tx: Transaction) => {
    const object = asObject(asObject(asObject(event.payload).data).object);
    switch (event.type) {
      case 'checkout.session.completed': {
        const checkoutId = asString(object.client_reference_id);
        if (checkoutId) {
          await transitionCheckout(tx, checkoutId, 'open', {
            status: 'completed',
            completedAt: new Date(),
          });
        }
        const subscriptionId = idOf(object.subscription);
        if (subscriptionId) await converge(tx, subscriptionId);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscriptionId = idOf(object.id);
        if (subscriptionId) await converge(tx, subscriptionId);
        return;
      }
      case 'invoice.paid':
        return onInvoice(tx, object, true);
      case 'invoice.payment_failed':
        return onInvoice(tx, object, false);
      case 'charge.refunded':
        return onRefund(tx, object);
      default:
        return;
    }
  };
}
