import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '#client/app/page-loading.tsx';
import { useCryptoPayment } from '#client/features/billing/api/get-crypto-payment.ts';
import { refreshBilling } from '#client/features/billing/api/get-subscription.ts';
import { formatCents } from '#client/lib/format-money.ts';
import { useUser } from '#client/lib/api/get-user.ts';
import type { CryptoPayment } from '#shared/billing/crypto-schemas.ts';
import { cryptoPaymentPath } from '#client/features/billing/crypto/crypto-paths.ts';

/** Spec 02 §4: 'activated', then home 'after a few seconds'. */
export const REDIRECT_HOME_MS = 5000;

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="crypto-state">
      <h2 id="crypto-state" className="flex items-center gap-2 text-xl font-semibold">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Verified: the entitlement changed, so the user card and the billing reads are refreshed. */
function Activated({ payment }: { payment: CryptoPayment }) {
  const { t } = useTranslation('crypto');
  const { t: tp } = useTranslation('pages');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    void refreshBilling(queryClient);
    const timer = setTimeout(() => void navigate('/'), REDIRECT_HOME_MS);
    return () => clearTimeout(timer);
  }, [navigate, queryClient]);
  return (
    <Panel
      icon={<CheckCircle2 aria-hidden="true" className="text-accent" />}
      title={t('pending.verifiedTitle')}
    >
      <p role="status">{t('pending.verifiedText', { plan: tp(`plans.${payment.plan}.name`) })}</p>
      <Link to="/" className="btn-primary self-start">
        {t('pending.home')}
      </Link>
    </Panel>
  );
}

function Facts({ payment }: { payment: CryptoPayment }) {
  const { t } = useTranslation('crypto');
  const { t: tp } = useTranslation('pages');
  const fact = (label: string, value: string) => (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-muted">{label}</dt>
      <dd className="break-all font-mono text-sm">{value}</dd>
    </div>
  );
  return (
    <dl className="flex flex-col gap-1 text-sm">
      {fact(t('summary.plan'), tp(`plans.${payment.plan}.name`))}
      {fact(t('summary.duration'), t('summary.months', { months: payment.durationMonths }))}
      {fact(t('summary.total'), formatCents(payment.amountCents, payment.currency))}
      {fact(t('wallet.amount'), `${payment.cryptoAmount} ${payment.coin}`)}
      {payment.txHash ? fact(t('report.txHash'), payment.txHash) : null}
    </dl>
  );
}

function State({ payment }: { payment: CryptoPayment }) {
  const { t } = useTranslation('crypto');
  switch (payment.status) {
    case 'verified':
      return <Activated payment={payment} />;
    case 'rejected':
      return (
        <Panel
          icon={<XCircle aria-hidden="true" className="text-danger" />}
          title={t('pending.rejectedTitle')}
        >
          <p>{t('pending.rejectedText')}</p>
          {payment.notes ? (
            <blockquote className="rounded-lg border border-line p-3">
              <p className="text-sm text-muted">{t('pending.notes')}</p>
              <p data-testid="crypto-notes">{payment.notes}</p>
            </blockquote>
          ) : null}
          <Facts payment={payment} />
          <Link to="/pricing" className="btn-primary self-start">
            {t('page.toPricing')}
          </Link>
        </Panel>
      );
    case 'pending':
      return (
        <Panel icon={<Clock aria-hidden="true" />} title={t('pending.pendingTitle')}>
          <p>{t('pending.pendingText')}</p>
          <Facts payment={payment} />
        </Panel>
      );
    case 'awaiting_payment':
      return (
        <Panel icon={<Clock aria-hidden="true" />} title={t('pending.awaitingTitle')}>
          <p>{t('pending.awaitingText')}</p>
          <Link to={cryptoPaymentPath(payment)} className="btn-primary self-start">
            {t('pending.toPayment')}
          </Link>
        </Panel>
      );
  }
}

/**
 * /crypto-payment-pending?id=…: the reported payment until an administrator decides (typically
 * 1–2 business days, spec 02 §4); asked again every few seconds while it is open.
 */
export default function CryptoPendingPage() {
  const { t } = useTranslation('crypto');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const { user } = useUser();
  const payment = useCryptoPayment(user ? id : null, { poll: true });
  let body: ReactNode;
  if (!user) {
    // Guests see the page with the login bar below (spec 01-core §2).
    body = <p className="text-muted">{t('pending.login')}</p>;
  } else if (payment.data) {
    body = <State payment={payment.data} />;
  } else if (id === null || payment.isError) {
    body = (
      <>
        <p role="alert">{t('page.notFound')}</p>
        <Link to="/pricing" className="btn-primary self-start">
          {t('page.toPricing')}
        </Link>
      </>
    );
  } else {
    body = <PageLoading />;
  }
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10">
      <h1 className="text-3xl font-bold">{t('page.title')}</h1>
      {body}
    </div>
  );
}
