import { currentLanguage } from '#client/lib/i18n.ts';

/** Integer cents as money in the interface language (12,99 € in German, €12.99 in English). */
export function formatCents(cents: number, currency: string): string {
  const language = currentLanguage();
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
  }).format(cents / 100);
}
