import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useStartCheckout } from '#client/features/billing/api/start-checkout.ts';
import { checkoutErrorKey } from '#client/features/billing/checkout-error.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import type { BillingInterval } from '#shared/billing/billing-schemas.ts';
import type { PlanId } from '#shared/billing/prices.ts';

/**
 * A plan's action: guests log in first; a signed-in user starts a checkout and follows its url
 * (the in-app sandbox page, or Stripe Checkout on another origin).
 */
export function PlanButton({ plan, interval }: { plan: PlanId; interval: BillingInterval }) {
  const { t } = useTranslation('pages');
  const { t: tb } = useTranslation('billing');
  const { user } = useUser();
  const navigate = useNavigate();
  const checkout = useStartCheckout();
  const name = t(`plans.${plan}.name`);

  if (plan === 'free') {
    return (
      <Link to={user ? '/chat' : '/auth?mode=register'} className="btn-outline">
        {user ? t('pricing.startFree') : t('pricing.registerFree')}
      </Link>
    );
  }
  if (!user) {
    return (
      <Link to="/auth" className="btn-primary">
        {t('pricing.choose', { plan: name })}
      </Link>
    );
  }
  const start = () =>
    checkout.mutate(
      { plan, interval },
      {
        onSuccess: ({ url }) => {
          if (/^https?:\/\//.test(url)) window.location.assign(url);
          else void navigate(url);
        },
      },
    );
  const errorKey = checkout.isError ? checkoutErrorKey(checkout.error) : null;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn-primary"
        onClick={start}
        disabled={checkout.isPending || checkout.isSuccess}
      >
        {t('pricing.choose', { plan: name })}
      </button>
      {errorKey ? (
        <div role="alert" className="rounded-lg border border-danger p-2 text-sm">
          <p className="font-semibold">{tb(`${errorKey}.title`)}</p>
          <p>{tb(`${errorKey}.text`, { plan: name })}</p>
          {errorKey !== 'errors.checkoutFailed' ? (
            <Link to="/subscription" className="underline">
              {tb('pricing.manage')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
