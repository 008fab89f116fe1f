import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoading } from '#client/app/page-loading.tsx';
import { useCreateCryptoPayment } from '#client/features/billing/api/create-crypto-payment.ts';
import {
  cryptoPaymentQueryOptions,
  useCryptoPayment,
} from '#client/features/billing/api/get-crypto-payment.ts';
import { usePlans } from '#client/features/billing/api/get-plans.ts';
import { checkoutErrorKey } from '#client/features/billing/checkout-error.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import type { Plan } from '#shared/billing/billing-schemas.ts';
import type { CryptoCoin, CryptoPayment } from '#shared/billing/crypto-schemas.ts';
import { PAID_PLAN_IDS, type CryptoDuration, type PaidPlanId } from '#shared/billing/prices.ts';
import { CoinChoice } from '#client/features/billing/crypto/coin-choice.tsx';
import { CryptoOrderSummary } from '#client/features/billing/crypto/crypto-order-summary.tsx';
import { cryptoPaymentPath, pendingPath } from '#client/features/billing/crypto/crypto-paths.ts';
import { ReportForm } from '#client/features/billing/crypto/report-form.tsx';
import { WalletDetails } from '#client/features/billing/crypto/wallet-details.tsx';

function Notice({ text }: { text: string }) {
  const { t } = useTranslation('crypto');
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3 p-8">
      <p role="alert">{text}</p>
      <Link to="/pricing" className="btn-primary self-start">
        {t('page.toPricing')}
      </Link>
    </div>
  );
}

const parseMonths = (value: string | undefined): CryptoDuration | null =>
  value === '6' ? 6 : value === '12' ? 12 : null;

/** Coin choice, then address, amount and the 'I have paid' form of the payment in `?id=`. */
function Checkout({
  plan,
  planId,
  months,
}: {
  plan: Plan;
  planId: PaidPlanId;
  months: CryptoDuration;
}) {
  const { t } = useTranslation('crypto');
  const { t: tb } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const payment = useCryptoPayment(id);
  const create = useCreateCryptoPayment();

  const show = (created: CryptoPayment) => {
    queryClient.setQueryData(cryptoPaymentQueryOptions(created.id).queryKey, created);
    setParams({ id: String(created.id) }, { replace: true });
  };
  const choose = (coin: CryptoCoin) =>
    create.mutate({ plan: planId, durationMonths: months, coin }, { onSuccess: show });
  // A new amount (the rate ran out, or another coin): back to the coin choice.
  const restart = () => {
    create.reset();
    setParams({}, { replace: true });
  };

  if (id !== null) {
    const current = payment.data;
    if (!current) {
      return payment.isError ? <p role="alert">{t('page.notFound')}</p> : <PageLoading />;
    }
    if (current.status !== 'awaiting_payment')
      return <Navigate to={pendingPath(current.id)} replace />;
    if (current.plan !== planId || current.durationMonths !== months) {
      return <Navigate to={cryptoPaymentPath(current)} replace />;
    }
    return (
      <>
        <WalletDetails payment={current} onRenew={restart} />
        <button type="button" className="btn-ghost self-start text-sm" onClick={restart}>
          {t('wallet.otherCoin')}
        </button>
        <ReportForm payment={current} onReported={() => void navigate(pendingPath(current.id))} />
      </>
    );
  }
  const errorKey = create.isError ? checkoutErrorKey(create.error) : null;
  return (
    <>
      <CoinChoice busy={create.isPending} onChoose={choose} />
      {errorKey ? (
        <div role="alert" className="rounded-lg border border-danger p-3 text-sm">
          <p className="font-semibold">{tb(`${errorKey}.title`)}</p>
          <p>{tb(`${errorKey}.text`, { plan: tp(`plans.${plan.id}.name`) })}</p>
          {errorKey !== 'errors.checkoutFailed' ? (
            <Link to="/subscription" className="underline">
              {tb('pricing.manage')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/**
 * /crypto-payment/{plan}/{6|12}: a prepaid term paid in BTC or ETH (spec 02 §4, issue 11 item 3).
 * The payment's id stays in the address (?id=), so a reload keeps address and amount.
 */
export default function CryptoPaymentPage() {
  const { t } = useTranslation('crypto');
  const { t: tb } = useTranslation('billing');
  const { plan: planId, duration } = useParams();
  const months = parseMonths(duration);
  const plans = usePlans();
  const { user } = useUser();
  const plan = plans.data?.plans.find((candidate) => candidate.id === planId);
  const paidPlan = PAID_PLAN_IDS.find((id) => id === planId);
  if (!months || !paidPlan) return <Notice text={t('page.notFound')} />;
  if (plans.isPending) return <PageLoading />;
  if (!plan) return <Notice text={tb('errors.plansUnavailable')} />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10">
      <h1 className="text-3xl font-bold">{t('page.title')}</h1>
      <CryptoOrderSummary plan={plan} months={months} />
      {user ? (
        <Checkout plan={plan} planId={paidPlan} months={months} />
      ) : (
        // Guests see the page with the login bar below (spec 01-core §2).
        <p className="text-muted">{t('page.loginToPay')}</p>
      )}
    </div>
  );
}
