import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { formatDate, formatTime } from '#client/lib/format-date.ts';
import { formatCents } from '#client/lib/format-money.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import type { AdminUserDetail } from '#shared/admin/admin-users-schemas.ts';

function Table({
  label,
  headers,
  rows,
}: {
  label: string;
  headers: string[];
  rows: ReactNode[][];
}) {
  const { t } = useTranslation('adminUsers');
  const keyed = rows.map((cells, index) => ({ key: index, cells }));
  return <DataTable label={label} headers={headers} rows={keyed} empty={t('none')} />;
}

/** The user's subscription, payments and latest sign-ins. */
export function UserActivity({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('adminUsers');
  const language = currentLanguage();
  const when = (iso: string) => `${formatDate(iso, language)} ${formatTime(iso)}`;
  const { subscription } = detail;
  return (
    <div className="grid gap-4">
      <section className="card flex flex-col gap-2">
        <h2 className="font-semibold">{t('subscription.title')}</h2>
        {subscription ? (
          <p className="text-sm">
            {t('subscription.summary', {
              plan: subscription.planId,
              status: subscription.status,
              method: subscription.paymentMethod,
              end: formatDate(subscription.currentPeriodEnd, language),
            })}
          </p>
        ) : (
          <p className="text-sm text-muted">{t('subscription.none')}</p>
        )}
      </section>
      <section className="card flex flex-col gap-2">
        <h2 className="font-semibold">{t('payments.title')}</h2>
        <Table
          label={t('payments.title')}
          headers={[
            t('payments.date'),
            t('payments.plan'),
            t('payments.amount'),
            t('payments.method'),
            t('payments.status'),
          ]}
          rows={detail.payments.map((payment) => [
            formatDate(payment.createdAt, language),
            payment.planId,
            formatCents(payment.amountCents, payment.currency, language),
            payment.method,
            payment.status,
          ])}
        />
      </section>
      <section className="card flex flex-col gap-2">
        <h2 className="font-semibold">{t('sessions.title')}</h2>
        <Table
          label={t('sessions.title')}
          headers={[
            t('sessions.time'),
            t('sessions.ip'),
            t('sessions.agent'),
            t('sessions.outcome'),
          ]}
          rows={detail.sessions.map((session) => [
            when(session.loginTime),
            session.ipAddress ?? '—',
            <span key="agent" className="break-all text-xs">
              {session.userAgent ?? '—'}
            </span>,
            session.active
              ? t('sessions.active')
              : session.successful
                ? t('sessions.ended')
                : t('sessions.failed'),
          ])}
        />
      </section>
    </div>
  );
}
