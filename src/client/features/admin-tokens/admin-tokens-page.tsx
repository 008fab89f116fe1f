import { useTranslation } from 'react-i18next';
import { TokenLimitsSection } from './token-limits-section.tsx';
import { TokenUsageSection } from './token-usage-section.tsx';

/** /admin/tokens (issue #12): usage and costs, and the token limits per tier. */
export default function AdminTokensPage() {
  const { t } = useTranslation('adminTokens');
  return (
    <div className="flex flex-col gap-8">
      <header>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-muted">{t('intro')}</p>
      </header>
      <TokenUsageSection />
      <TokenLimitsSection />
    </div>
  );
}
