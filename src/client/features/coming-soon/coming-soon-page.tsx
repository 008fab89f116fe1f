import { useTranslation } from 'react-i18next';
import type { AreaKey } from '#client/features/coming-soon/areas.ts';
import { UnderConstruction } from '#client/features/coming-soon/under-construction.tsx';

/** A real route whose screen comes later: its name, what it will do, and a clear "coming soon". */
export default function ComingSoonPage({ area }: { area: AreaKey }) {
  const { t } = useTranslation('pages');
  return <UnderConstruction title={t(`areas.${area}.title`)} text={t(`areas.${area}.text`)} />;
}
