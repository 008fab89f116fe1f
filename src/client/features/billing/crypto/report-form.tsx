import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportCryptoPayment } from '#client/features/billing/api/report-crypto-payment.ts';
import type { CryptoPayment } from '#shared/billing/crypto-schemas.ts';
import {
  REPORT_FIELDS,
  reportProblem,
  type ReportField,
} from '#client/features/billing/crypto/report-errors.ts';

type Values = Record<ReportField, string>;

function Field({
  name,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  name: ReportField;
  label: string;
  hint?: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        className="field-input font-mono text-sm"
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? hintId : '', error ? errorId : ''].join(' ').trim() || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'I have paid': the transaction and the wallet it came from. Each server refusal is shown at
 * its field; on success (or when it was reported already) `onReported` moves on.
 */
export function ReportForm({
  payment,
  onReported,
}: {
  payment: CryptoPayment;
  onReported: () => void;
}) {
  const { t } = useTranslation('crypto');
  const report = useReportCryptoPayment(payment.id);
  const [values, setValues] = useState<Values>({ txHash: '', senderWalletAddress: '' });
  const [errors, setErrors] = useState<Partial<Record<ReportField, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = {
      txHash: values.txHash.trim(),
      senderWalletAddress: values.senderWalletAddress.trim(),
    };
    const missing = Object.fromEntries(
      REPORT_FIELDS.filter((field) => trimmed[field] === '').map((field) => [
        field,
        'report.errors.required',
      ]),
    );
    setNotice(null);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    report.mutate(trimmed, {
      onSuccess: onReported,
      onError: (error) => {
        const problem = reportProblem(error, payment.coin);
        if (problem.alreadyReported) onReported();
        setErrors(problem.fields);
        setNotice(problem.notice);
      },
    });
  };

  const set = (field: ReportField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="crypto-report"
      className="card flex flex-col gap-4"
    >
      <h2 id="crypto-report" className="text-lg font-semibold">
        {t('report.title')}
      </h2>
      <p className="text-sm">{t('report.intro')}</p>
      <Field
        name="txHash"
        label={t('report.txHash')}
        hint={t(`report.txHashHint.${payment.coin}`)}
        value={values.txHash}
        error={errors.txHash ? t(errors.txHash) : undefined}
        onChange={set('txHash')}
      />
      <Field
        name="senderWalletAddress"
        label={t('report.sender')}
        value={values.senderWalletAddress}
        error={errors.senderWalletAddress ? t(errors.senderWalletAddress) : undefined}
        onChange={set('senderWalletAddress')}
      />
      {notice ? (
        <div role="alert" className="rounded-lg border border-danger p-3 text-sm">
          <p className="font-semibold">{t(`${notice}.title`)}</p>
          <p>{t(`${notice}.text`)}</p>
        </div>
      ) : null}
      <button type="submit" className="btn-primary self-start" disabled={report.isPending}>
        {t('report.submit')}
      </button>
    </form>
  );
}
