import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '#client/app/page-loading.tsx';
import { useCheckout } from '#client/features/billing/api/get-checkout.ts';
import { useCompleteSandbox } from '#client/features/billing/api/complete-sandbox.ts';
import { useStartCheckout } from '#client/features/billing/api/start-checkout.ts';
import { checkoutErrorKey } from '#client/features/billing/checkout-error.ts';
import { OrderSummary } from '#client/features/billing/order-summary.tsx';
import { SandboxOutcomes } from '#client/features/billing/sandbox-outcomes.tsx';
import { TestModeNotice } from '#client/features/billing/test-mode-notice.tsx';
import { useUser } from '#client/lib/api/get-user.ts';
import type { CheckoutDetails } from '#shared/billing/billing-schemas.ts';

function Notice({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3 p-8">
      <p role="alert">{text}</p>
      <Link to={to} className="btn-primary self-start">
        {link}
      </Link>
    </div>
  );
}

/** The open checkout: summary, consent, and the sandbox outcome buttons. */
function Checkout({ details }: { details: CheckoutDetails }) {
  const { t } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  const navigate = useNavigate();
  const [consented, setConsented] = useState(false);
  const complete = useCompleteSandbox(details.checkoutId);
  const retry = useStartCheckout();
  const pay = (outcome: 'succeed' | 'decline') =>
    complete.mutate(outcome, {
      onSuccess: (result) => {
        if (result.status === 'completed') void navigate('/subscription');
      },
    });
  const again = () =>
    retry.mutate(
      { plan: details.plan, interval: details.interval },
      { onSuccess: ({ url }) => void navigate(url, { replace: true }) },
    );
  const failure = complete.error ?? retry.error;
  const errorKey = failure ? checkoutErrorKey(failure) : null;
  return (
    <>
      <OrderSummary details={details} />
      {details.status === 'declined' ? (
        <div role="alert" className="card flex flex-col gap-3 border-danger">
          <p>{t('payment.declined')}</p>
          <button
            type="button"
            className="btn-primary self-start"
            onClick={again}
            disabled={retry.isPending}
          >
            {t('payment.retry')}
          </button>
        </div>
      ) : details.testMode ? (
        <>
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-4"
              checked={consented}
              onChange={(event) => setConsented(event.target.checked)}
            />
            <span>{t('payment.consent')}</span>
          </label>
          <SandboxOutcomes consented={consented} busy={complete.isPending} onOutcome={pay} />
        </>
      ) : null}
      {errorKey ? (
        <div role="alert" className="rounded-lg border border-danger p-3">
          <p className="font-semibold">{t(`${errorKey}.title`)}</p>
          <p>
            {t(`${errorKey}.text`, {
              plan: tp(`plans.${details.plan}.name`),
              button: t('payment.succeed'),
            })}
          </p>
        </div>
      ) : null}
    </>
  );
}

/** /payment/{plan}?checkout=…: the sandbox's TEST MODE checkout (issue 11, decision 083). */
export default function PaymentPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout') ?? '';
  const { user } = useUser();
  const checkout = useCheckout(checkoutId, user !== null);
  // A guest (shown the page with the login bar) has no checkout of their own.
  if (checkoutId === '' || checkout.isError || !user) {
    return <Notice text={t('payment.notFound')} to="/pricing" link={t('payment.toPricing')} />;
  }
  if (checkout.isPending) return <PageLoading />;
  const details = checkout.data;
  if (details.status === 'completed') {
    return (
      <Notice text={t('payment.completed')} to="/subscription" link={t('subscription.title')} />
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-10">
      <h1 className="text-3xl font-bold">{t('payment.title')}</h1>
      {details.testMode ? (
        <TestModeNotice
          title={t('payment.testMode')}
          text={t('payment.testModeText')}
          testId="test-mode"
        />
      ) : null}
      <Checkout key={details.checkoutId} details={details} />
    </div>
  );
}
