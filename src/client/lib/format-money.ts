import { currentLanguage } from '#client/lib/i18n.ts';

const localeOf = (language: string) => (language === 'de' ? 'de-DE' : language);

/** Integer cents as money in the interface language, without passing through a float. */
export function formatCents(cents: number, currency: string, language = currentLanguage()) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const decimal = `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return formatDecimal(decimal, currency, language, 2);
}

/**
 * A decimal string ('1.300006') as money: Intl formats the string itself, so the digits the
 * server summed are the digits shown (costs stay decimal end to end, issue 12).
 */
export function formatDecimal(
  value: string,
  currency: string,
  language = currentLanguage(),
  maximumFractionDigits = 6,
) {
  const format = new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits,
  });
  // Intl.NumberFormat v3 takes decimal strings exactly; the types still say number.
  return format.format(value as unknown as number);
}

export function formatCount(value: number, language = currentLanguage()) {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}
