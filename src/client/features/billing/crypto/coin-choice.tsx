import { useTranslation } from 'react-i18next';
import { CryptoCoinSchema, type CryptoCoin } from '#shared/billing/crypto-schemas.ts';

/** Bitcoin or Ethereum (spec 02 §2); choosing one asks the server for address and amount. */
export function CoinChoice({
  busy,
  onChoose,
}: {
  busy: boolean;
  onChoose: (coin: CryptoCoin) => void;
}) {
  const { t } = useTranslation('crypto');
  return (
    <fieldset className="card flex flex-col gap-3">
      <legend className="sr-only">{t('coin.legend')}</legend>
      <p aria-hidden="true" className="text-lg font-semibold">
        {t('coin.legend')}
      </p>
      <div className="flex flex-wrap gap-3">
        {CryptoCoinSchema.options.map((coin) => (
          <button
            key={coin}
            type="button"
            className="btn-outline"
            disabled={busy}
            onClick={() => onChoose(coin)}
          >
            {t(`coin.${coin}`)}
          </button>
        ))}
      </div>
      {busy ? (
        <p role="status" className="text-sm text-muted">
          {t('coin.creating')}
        </p>
      ) : null}
    </fieldset>
  );
}
