import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '#client/lib/notify.ts';
import type { AppSettings } from '#shared/admin/app-settings.ts';
import { useUpdateAdminSettings } from './api/admin-settings-api.ts';
import { serverFieldErrors } from './field-errors.ts';

const FIELDS = [
  { key: 'cryptoBtcAddress', kind: 'address' },
  { key: 'cryptoEthAddress', kind: 'address' },
  { key: 'cryptoRateBtcEur', kind: 'rate' },
  { key: 'cryptoRateEthEur', kind: 'rate' },
] as const;
type Key = (typeof FIELDS)[number]['key'];

/**
 * Our wallets (over CRYPTO_*_ADDRESS) and the EUR rates used without CRYPTO_RATES_URL. An empty
 * field returns to the environment's value; without wallets anywhere, crypto runs in test mode.
 */
export function CryptoSection({ settings }: { settings: AppSettings }) {
  const { t } = useTranslation('admin-settings');
  const update = useUpdateAdminSettings();
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const patch = Object.fromEntries(
      FIELDS.map(({ key }) => {
        const value = form.get(key);
        return [key, typeof value === 'string' && value.trim() ? value.trim() : null];
      }),
    ) as Record<Key, string | null>;
    update.mutate(patch, {
      onSuccess: () => {
        setErrors({});
        notifySuccess(t('crypto.saved'));
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        notifyError(error);
      },
    });
  }

  return (
    <section className="card flex flex-col gap-4" aria-labelledby="settings-crypto">
      <header>
        <h2 id="settings-crypto" className="text-lg font-semibold">
          {t('crypto.title')}
        </h2>
        <p className="text-sm text-muted">{t('crypto.intro')}</p>
      </header>
      <form className="grid gap-4 md:grid-cols-2" onSubmit={onSubmit} noValidate>
        {FIELDS.map(({ key, kind }) => (
          <div key={key} className="flex flex-col gap-1 text-sm">
            <label htmlFor={`crypto-${key}`} className="font-medium">
              {t(`crypto.${key}`)}
            </label>
            <input
              id={`crypto-${key}`}
              name={key}
              className="field-input font-mono"
              defaultValue={settings[key] ?? ''}
              inputMode={kind === 'rate' ? 'decimal' : 'text'}
              placeholder={kind === 'rate' ? '58000.00' : t('crypto.fromEnvironment')}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={errors[key] ? `crypto-${key}-error` : undefined}
              spellCheck={false}
            />
            {errors[key] ? (
              <span id={`crypto-${key}-error`} className="text-danger">
                {errors[key].join(' ')}
              </span>
            ) : null}
          </div>
        ))}
        <div className="md:col-span-2">
          <button type="submit" className="btn-primary" disabled={update.isPending}>
            {t('crypto.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
