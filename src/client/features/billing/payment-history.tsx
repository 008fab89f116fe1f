import { useTranslation } from 'react-i18next';
import { usePayments } from '#client/features/billing/api/get-payments.ts';
import { formatCents } from '#client/features/billing/money.ts';
import { apiUrl } from '#client/lib/api-base.ts';
import { formatDate } from '#client/lib/format-date.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { Payment } from '#shared/billing/billing-schemas.ts';

function Receipt({ payment }: { payment: Payment }) {
  const { t } = useTranslation('billing');
  if (payment.receiptLink && payment.receiptNumber) {
    // Our numbered receipt: a printable page of its own (decision 110).
    return (
      <a
        href={apiUrl(payment.receiptLink)}
        target="_blank"
        rel="noopener"
        className="text-accent underline"
        aria-label={t('receipts.open', { number: payment.receiptNumber })}
      >
        {payment.receiptNumber}
      </a>
    );
  }
  if (payment.receiptUrl) {
    return (
      <a href={payment.receiptUrl} target="_blank" rel="noopener noreferrer" className="underline">
        {t('receipts.provider')}
      </a>
    );
  }
  return <span className="text-muted">–</span>;
}

/** GET /api/payments as a table: date, amount, method, plan, term, status, receipt (newest first). */
export function PaymentHistory() {
  const { t } = useTranslation('billing');
  const { t: tp } = useTranslation('pages');
  const payments = usePayments();
  const language = currentLanguage();
  const term = (payment: Payment) =>
    payment.durationMonths
      ? t('receipts.months', { count: payment.durationMonths })
      : payment.interval
        ? t(`payment.${payment.interval}`)
        : '–';
  return (
    <section aria-labelledby="payment-history" className="flex flex-col gap-3">
      <h2 id="payment-history" className="text-xl font-semibold">
        {t('subscription.history')}
      </h2>
      {payments.isError ? <p role="alert">{t('subscription.actionFailed')}</p> : null}
      {payments.data?.length === 0 ? (
        <p className="text-muted">{t('subscription.noPayments')}</p>
      ) : null}
      {payments.data?.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th className="py-2 pr-4">{t('subscription.date')}</th>
                <th className="py-2 pr-4">{t('subscription.amount')}</th>
                <th className="py-2 pr-4">{t('subscription.method')}</th>
                <th className="py-2 pr-4">{t('subscription.plan')}</th>
                <th className="py-2 pr-4">{t('receipts.term')}</th>
                <th className="py-2 pr-4">{t('subscription.status')}</th>
                <th className="py-2">{t('receipts.receipt')}</th>
              </tr>
            </thead>
            <tbody>
              {payments.data.map((payment) => (
                <tr key={payment.id} className="border-t border-line">
                  <td className="py-2 pr-4">{formatDate(payment.date, language)}</td>
                  <td className="py-2 pr-4">
                    {formatCents(payment.amountCents, payment.currency)}
                  </td>
                  <td className="py-2 pr-4">{t(`subscription.methods.${payment.method}`)}</td>
                  <td className="py-2 pr-4">{tp(`plans.${payment.plan}.name`)}</td>
                  <td className="py-2 pr-4">{term(payment)}</td>
                  <td className="py-2 pr-4">{t(`subscription.paymentStatus.${payment.status}`)}</td>
                  <td className="py-2">
                    <Receipt payment={payment} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
