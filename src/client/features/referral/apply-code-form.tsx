import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyCode } from '#client/features/referral/api/apply-code.ts';
import { referralErrorKey } from '#client/lib/api/apply-referral.ts';
import { ApplyReferralSchema } from '#shared/referral/referral-schemas.ts';

/** Enter a friend's code: +3 messages at once; once per account (spec 02 §5). */
export function ApplyCodeForm({ initialCode = '' }: { initialCode?: string }) {
  const { t } = useTranslation('referral');
  const id = useId();
  const apply = useApplyCode();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [bonus, setBonus] = useState<number | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ApplyReferralSchema.safeParse({ code });
    if (!parsed.success) {
      setError(t('errors.required'));
      return;
    }
    setError(null);
    apply.mutate(parsed.data.code, {
      onSuccess: (result) => setBonus(result.bonusMessages),
      onError: (failure) => setError(t(referralErrorKey(failure))),
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('apply.heading')}
      </h2>
      <p className="text-muted">{t('apply.intro')}</p>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-2">
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={id} className="sr-only">
            {t('apply.label')}
          </label>
          <input
            id={id}
            className="field-input font-mono uppercase"
            value={code}
            placeholder={t('apply.placeholder')}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              <span className="font-medium">{t('errors.title')}: </span>
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary" disabled={apply.isPending}>
          {t('apply.submit')}
        </button>
      </form>
      {bonus !== null ? (
        <p role="status" className="text-sm">
          {t('apply.success', { n: bonus })}
        </p>
      ) : null}
    </section>
  );
}
