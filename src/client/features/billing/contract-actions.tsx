import { useTranslation } from 'react-i18next';
import { useChangeSubscription } from '#client/features/billing/api/change-subscription.ts';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { Subscription } from '#shared/billing/billing-schemas.ts';
import { PAID_PLAN_IDS, type PlanId } from '#shared/billing/prices.ts';

const rank = (plan: PlanId) => (plan === 'free' ? 0 : PAID_PLAN_IDS.indexOf(plan) + 1);

/** A card or sandbox plan that renews: the only kind cancel, resume and downgrade apply to. */
export function isRenewing(subscription: Subscription) {
  return (
    (subscription.paymentMethod === 'card' || subscription.paymentMethod === 'sandbox') &&
    (subscription.status === 'active' || subscription.status === 'past_due')
  );
}

/**
 * Cancel (always on the page, 'Verträge hier kündigen', German law: no password, one click),
 * resume, and switching to a lower plan at the end of the term.
 */
export function ContractActions({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  const change = useChangeSubscription();
  const renewing = isRenewing(subscription);
  const end = subscription.currentPeriodEnd
    ? formatDate(subscription.currentPeriodEnd, currentLanguage())
    : '';
  const lower = PAID_PLAN_IDS.filter(
    (plan) => rank(plan) < rank(subscription.plan) && plan !== subscription.scheduledPlan,
  );
  return (
    <section className="flex flex-col gap-3">
      {renewing && subscription.cancelAtPeriodEnd ? (
        <>
          <p role="status">
            {t('subscription.cancelled', {
              plan: tp(`plans.${subscription.plan}.name`),
              date: end,
            })}
          </p>
          <button
            type="button"
            className="btn-primary self-start"
            disabled={change.isPending}
            onClick={() => change.mutate({ action: 'resume' })}
          >
            {t('subscription.resume')}
          </button>
        </>
      ) : null}
      {renewing && !subscription.cancelAtPeriodEnd
        ? lower.map((plan) => (
            <button
              key={plan}
              type="button"
              className="btn-outline self-start"
              disabled={change.isPending}
              onClick={() => change.mutate({ action: 'downgrade', plan })}
            >
              {t('subscription.downgrade', { plan: tp(`plans.${plan}.name`), date: end })}
            </button>
          ))
        : null}
      <button
        type="button"
        className="btn-outline self-start border-danger"
        disabled={!renewing || subscription.cancelAtPeriodEnd || change.isPending}
        aria-describedby={renewing ? undefined : 'no-contract'}
        onClick={() => change.mutate({ action: 'cancel' })}
      >
        {t('subscription.cancel')}
      </button>
      {renewing ? null : (
        <p id="no-contract" className="text-sm text-muted">
          {t('subscription.noContract')}
        </p>
      )}
      {change.isError ? (
        <p role="alert" className="text-danger">
          {t('subscription.actionFailed')}
        </p>
      ) : null}
    </section>
  );
}
