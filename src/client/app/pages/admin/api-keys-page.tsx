import { useTranslation } from 'react-i18next';
import { ProviderKeysSection } from '#client/features/admin-provider-keys/provider-keys-section.tsx';
import { UserApiKeysSection } from '#client/features/admin-tokens/user-api-keys-section.tsx';

/** /admin/api-keys (issue 12 "api-keys"): the AI provider keys, and every user's personal keys. */
export default function AdminApiKeysPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold">{t('areas.apiKeys')}</h1>
      <ProviderKeysSection />
      <UserApiKeysSection />
    </div>
  );
}
