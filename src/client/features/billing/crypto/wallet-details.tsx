import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '#client/lib/format-money.ts';
import type { CryptoPayment } from '#shared/billing/crypto-schemas.ts';
import { CopyButton } from '#client/features/billing/crypto/copy-button.tsx';
import { paymentUri } from '#client/features/billing/crypto/payment-uri.ts';
import { formatRemaining, useCountdown } from '#client/features/billing/crypto/use-countdown.ts';
import { TestModeNotice } from '#client/features/billing/test-mode-notice.tsx';

/** The frozen rate's time left; once run out, a new amount can be asked for. */
function Expiry({ payment, onRenew }: { payment: CryptoPayment; onRenew: () => void }) {
  const { t } = useTranslation('crypto');
  const left = useCountdown(payment.expiresAt);
  if (left > 0) {
    return (
      <p className="text-sm" data-testid="crypto-expiry">
        {t('wallet.expires', { time: formatRemaining(left) })}
      </p>
    );
  }
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-danger p-3 text-sm">
      <p>{t('wallet.expired')}</p>
      <button type="button" className="btn-outline self-start" onClick={onRenew}>
        {t('wallet.renew')}
      </button>
    </div>
  );
}

/**
 * Where and how much to send: our address with a QR code (address and amount), copy buttons,
 * the exact amount whose last digits are the verification code (decision 084), and the time the
 * rate holds. Test addresses are marked as such.
 */
export function WalletDetails({
  payment,
  onRenew,
}: {
  payment: CryptoPayment;
  onRenew: () => void;
}) {
  const { t } = useTranslation('crypto');
  const field = (label: string, value: string, copyLabel: string, testId: string, unit = '') => (
    <div className="flex flex-col gap-1">
      <span className="text-sm text-muted">{label}</span>
      <div className="flex items-center gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 break-all font-mono text-sm">
          {value}
          {unit}
        </code>
        <CopyButton value={value} label={copyLabel} />
      </div>
    </div>
  );
  return (
    <section aria-labelledby="crypto-wallet" className="card flex flex-col gap-4">
      <h2 id="crypto-wallet" className="text-lg font-semibold">
        {t('wallet.title', { coin: payment.coin })}
      </h2>
      {payment.testMode ? (
        <TestModeNotice
          title={t('wallet.testMode')}
          text={t('wallet.testModeText')}
          testId="crypto-test-mode"
        />
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="self-center rounded-lg bg-white p-3">
          <QRCodeSVG
            value={paymentUri(payment)}
            size={168}
            role="img"
            aria-label={t('wallet.qr')}
            data-testid="crypto-qr"
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          {field(
            payment.testMode
              ? t('wallet.testAddress', { coin: payment.coin })
              : t('wallet.address', { coin: payment.coin }),
            payment.walletAddress,
            t('wallet.copyAddress'),
            'crypto-address',
          )}
          {field(
            t('wallet.amount'),
            payment.cryptoAmount,
            t('wallet.copyAmount'),
            'crypto-amount',
            ` ${payment.coin}`,
          )}
          <p className="text-sm text-muted">
            {t('wallet.equals', { price: formatCents(payment.amountCents, payment.currency) })}
          </p>
        </div>
      </div>
      <div className="rounded-lg bg-accent/10 p-3 text-sm">
        <p className="font-semibold">
          {t('wallet.code')}: <span data-testid="crypto-code">{payment.verificationCode}</span>
        </p>
        <p>{t('wallet.codeText', { code: payment.verificationCode })}</p>
      </div>
      <Expiry payment={payment} onRenew={onRenew} />
      <p className="text-sm text-muted">{t('wallet.confirmation')}</p>
    </section>
  );
}
