import { useTranslation } from 'react-i18next';
import { useProviderKeys } from './api/provider-keys-api.ts';
import { ProviderKeyCard } from './provider-key-card.tsx';

/**
 * The AI provider keys section of /admin/api-keys: keys set here override the environment, are
 * stored encrypted and never shown again, and apply to the next chat on every instance.
 */
export function ProviderKeysSection() {
  const { t } = useTranslation('admin-provider-keys');
  const keys = useProviderKeys();
  return (
    <section className="flex flex-col gap-4" aria-labelledby="provider-keys-title">
      <header>
        <h2 id="provider-keys-title" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted">{t('intro')}</p>
      </header>
      {keys.isError ? (
        <p role="alert" className="text-danger">
          {t('loadFailed')}
        </p>
      ) : !keys.data ? (
        <p className="text-muted">{t('loading')}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          {keys.data.providers.map((status) => (
            <ProviderKeyCard key={status.provider} status={status} />
          ))}
        </div>
      )}
    </section>
  );
}
