import { useTranslation } from 'react-i18next';
import { useAdminModels } from './api/admin-models-api.ts';
import { useAdminSettings } from './api/admin-settings-api.ts';
import { CryptoSection } from './crypto-section.tsx';
import { GeneralSection } from './general-section.tsx';
import { ModelsSection } from './models-section.tsx';
import { TransferSection } from './transfer-section.tsx';

/** /admin/settings: the run-time settings, the model catalogue, export and import (issue 12). */
export default function AdminSettingsPage() {
  const { t } = useTranslation('admin-settings');
  const settings = useAdminSettings();
  const models = useAdminModels();

  return (
    <section className="flex flex-col gap-6" aria-labelledby="admin-settings-title">
      <header>
        <h1 id="admin-settings-title" className="text-2xl font-bold">
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      {settings.isError || models.isError ? (
        <p role="alert" className="text-danger">
          {t('loadFailed')}
        </p>
      ) : !settings.data || !models.data ? (
        <p className="text-muted">{t('loading')}</p>
      ) : (
        <>
          <GeneralSection settings={settings.data} models={models.data} />
          <ModelsSection models={models.data} />
          <CryptoSection
            // An import changes the values: the form starts again from them.
            key={[
              settings.data.cryptoBtcAddress,
              settings.data.cryptoEthAddress,
              settings.data.cryptoRateBtcEur,
              settings.data.cryptoRateEthEur,
            ].join('|')}
            settings={settings.data}
          />
          <TransferSection />
        </>
      )}
    </section>
  );
}
