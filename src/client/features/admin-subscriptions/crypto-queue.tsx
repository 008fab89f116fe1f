import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { formatCents } from '#client/lib/format-money.ts';
import { HttpError } from '#client/lib/http.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';
import type { z } from 'zod';
import type { AdminCryptoPaymentSchema } from '#shared/billing/crypto-schemas.ts';
import { useCryptoQueue, useDecideCryptoPayment } from './api/crypto-queue.ts';
import { explorerUrl } from './explorer-link.ts';
import { RejectForm } from './reject-form.tsx';

type QueuedPayment = z.infer<typeof AdminCryptoPaymentSchema>;

/** The refusal to verify a payment of an erased account: it is to be refunded (decision 330). */
const isAccountDeleted = (error: unknown) =>
  error instanceof HttpError &&
  error.status === 409 &&
  error.message === 'Account deleted: refund the payment to its sender';

function Decision({ payment }: { payment: QueuedPayment }) {
  const { t } = useTranslation('adminSubscriptions');
  const decide = useDecideCryptoPayment();
  const [rejecting, setRejecting] = useState(false);
  const label = `${payment.username}, ${payment.cryptoAmount} ${payment.coin}`;

  // Through the promise, not mutate's callbacks: the decided row leaves the queue (this component
  // unmounts) as the list is read again, and mutate's callbacks never run for an unmounted one.
  const run = (decision: Parameters<typeof decide.mutate>[0], done: string) => {
    decide.mutateAsync(decision).then(
      () => notifySuccess(done),
      (error: unknown) =>
        notifyError(error, isAccountDeleted(error) ? t('crypto.accountDeleted') : undefined),
    );
  };

  if (rejecting) {
    return (
      <RejectForm
        paymentId={payment.id}
        busy={decide.isPending}
        onCancel={() => setRejecting(false)}
        onReject={(notes) => run({ id: payment.id, action: 'reject', notes }, t('crypto.rejected'))}
      />
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn-primary"
        disabled={decide.isPending}
        aria-label={t('crypto.verifyFor', { payment: label })}
        onClick={() =>
          run(
            { id: payment.id, action: 'verify' },
            t('crypto.verified', { username: payment.username }),
          )
        }
      >
        {t('crypto.verify')}
      </button>
      <button
        type="button"
        className="btn-outline"
        disabled={decide.isPending}
        aria-label={t('crypto.rejectFor', { payment: label })}
        onClick={() => setRejecting(true)}
      >
        {t('crypto.reject')}
      </button>
    </div>
  );
}

/** Reported crypto payments waiting for an administrator (issue 11 item 3, spec 02 §4). */
export function CryptoQueue() {
  const { t } = useTranslation('adminSubscriptions');
  const { t: tc } = useTranslation();
  const queue = useCryptoQueue();
  const language = currentLanguage();

  let body;
  if (queue.isError) {
    body = (
      <p role="alert" className="text-danger">
        {tc('table.failed')}{' '}
        <button type="button" className="underline" onClick={() => void queue.refetch()}>
          {tc('table.retry')}
        </button>
      </p>
    );
  } else if (!queue.data) {
    body = <p className="text-muted">{tc('table.loading')}</p>;
  } else if (queue.data.length === 0) {
    body = <p className="text-muted">{t('crypto.empty')}</p>;
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={t('crypto.title')}>
          <thead className="text-muted">
            <tr>
              {['user', 'plan', 'amount', 'code', 'tx', 'sender', 'created', 'decision'].map(
                (key) => (
                  <th key={key} scope="col" className="py-2 pr-4 font-medium">
                    {t(`crypto.${key}`)}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {queue.data.map((payment) => (
              <tr key={payment.id} className="border-t border-line align-top">
                <td className="py-2 pr-4">{payment.username}</td>
                <td className="py-2 pr-4">
                  {t(`plan.${payment.plan}`)}, {t('months', { count: payment.durationMonths })}
                </td>
                <td className="py-2 pr-4">
                  <span className="font-mono">
                    {payment.cryptoAmount} {payment.coin}
                  </span>
                  <br />
                  <span className="text-muted">
                    {formatCents(payment.amountCents, payment.currency)}
                  </span>
                  {payment.testMode ? (
                    <span className="ml-2 rounded bg-surface-2 px-1 text-xs">
                      {t('crypto.testMode')}
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pr-4 font-mono">{payment.verificationCode}</td>
                <td className="max-w-48 py-2 pr-4 font-mono break-all">
                  {payment.txHash ? (
                    <a
                      href={explorerUrl(payment.coin, payment.txHash)}
                      target="_blank"
                      rel="noreferrer"
                      className="underline"
                      title={t('crypto.explorer')}
                    >
                      {payment.txHash}
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="max-w-48 py-2 pr-4 font-mono break-all">
                  {payment.senderWalletAddress ?? '—'}
                </td>
                <td className="py-2 pr-4">
                  {formatDate(payment.createdAt, language)} {formatTime(payment.createdAt)}
                </td>
                <td className="py-2 pr-4">
                  <Decision payment={payment} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="card flex flex-col gap-3" aria-labelledby="crypto-queue-title">
      <h2 id="crypto-queue-title" className="text-xl font-semibold">
        {t('crypto.title')}
      </h2>
      <p className="text-muted">{t('crypto.intro')}</p>
      {body}
    </section>
  );
}
