import { ArrowLeft, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '#client/lib/api/get-user.ts';
import { hasApiAccess } from '#shared/api-keys/api-access.ts';
import type { CreatedApiKey } from '#shared/api-keys/api-key-schemas.ts';
import { accessTier } from '#shared/plans/tiers.ts';
import { useApiKeys } from './api/api-keys.ts';
import { CreateKeyForm } from './create-key-form.tsx';
import { KeyList } from './key-list.tsx';
import { NewKeyNotice } from './new-key-notice.tsx';
import { UsageExamples } from './usage-examples.tsx';

/** Spec 02 §9: API access is part of Expert and Ultimate; others see what to upgrade to. */
function UpgradeHint() {
  const { t } = useTranslation('apiKeys');
  return (
    <section aria-labelledby="api-keys-upgrade" className="card flex flex-col gap-3">
      <h2 id="api-keys-upgrade" className="text-lg font-semibold">
        {t('upgrade.title')}
      </h2>
      <p className="text-muted">{t('upgrade.text')}</p>
      <Link to="/subscription" className="btn-primary self-start">
        {t('upgrade.cta')}
      </Link>
    </section>
  );
}

/** /settings/api-keys (issue #12 item 3): personal keys for the OpenAI-compatible API. */
export default function ApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  const { user } = useUser();
  const allowed = user !== null && hasApiAccess(accessTier(user));
  const keys = useApiKeys(allowed);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:px-8">
      <Link
        to="/settings"
        className="inline-flex items-center gap-2 self-start text-accent hover:underline"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {t('backToSettings')}
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold">
          <KeyRound size={28} className="text-accent" aria-hidden="true" />
          {t('title')}
        </h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      {!allowed ? (
        <UpgradeHint />
      ) : (
        <>
          {created ? (
            <NewKeyNotice created={created} onDone={() => setCreated(null)} />
          ) : (
            <CreateKeyForm onCreated={setCreated} />
          )}
          <section aria-labelledby="api-keys-list" className="flex flex-col gap-3">
            <h2 id="api-keys-list" className="text-lg font-semibold">
              {t('list.title')}
            </h2>
            {keys.isPending ? (
              <p className="text-muted">{t('list.loading')}</p>
            ) : keys.isError ? (
              <p role="alert" className="text-danger">
                {t('list.loadFailed')}
              </p>
            ) : (
              <KeyList keys={keys.data} />
            )}
          </section>
          <UsageExamples />
        </>
      )}
    </div>
  );
}
