import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SandboxCompleteRequest } from '#shared/billing/billing-schemas.ts';

type Outcome = SandboxCompleteRequest['outcome'];

/**
 * The TEST MODE outcome buttons (never a card form): succeeds, is declined, or asks for an
 * authentication step first and then succeeds. All wait for the consent box.
 */
export function SandboxOutcomes({
  consented,
  busy,
  onOutcome,
}: {
  consented: boolean;
  busy: boolean;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation('billing');
  const [authenticating, setAuthenticating] = useState(false);
  const disabled = !consented || busy;
  if (authenticating) {
    return (
      <section aria-labelledby="sandbox-auth" className="card flex flex-col gap-3 border-accent">
        <h2 id="sandbox-auth" className="font-semibold">
          {t('payment.authTitle')}
        </h2>
        <p>{t('payment.authText')}</p>
        <button
          type="button"
          className="btn-primary self-start"
          disabled={disabled}
          onClick={() => onOutcome('succeed')}
        >
          {t('payment.authConfirm')}
        </button>
      </section>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="consent-hint">
      <legend className="mb-2 font-semibold">{t('payment.outcomes')}</legend>
      <button
        type="button"
        className="btn-primary"
        disabled={disabled}
        onClick={() => onOutcome('succeed')}
      >
        {t('payment.succeed')}
      </button>
      <button
        type="button"
        className="btn-outline"
        disabled={disabled}
        onClick={() => setAuthenticating(true)}
      >
        {t('payment.authenticate')}
      </button>
      <button
        type="button"
        className="btn-outline"
        disabled={disabled}
        onClick={() => onOutcome('decline')}
      >
        {t('payment.decline')}
      </button>
      {consented ? null : (
        <p id="consent-hint" className="text-sm text-muted">
          {t('payment.consentRequired')}
        </p>
      )}
    </fieldset>
  );
}
