/**
 * Spec 01-core §2/§9: dates in German format for German, US format otherwise; times HH:mm;
 * relative times "just now", minutes, hours, days.
 */
const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar day without a time ('2026-03-05', as the server sends days): no time zone applies. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function formatDate(value: Date | string, language: string): string {
  const date = new Date(value);
  const locale = language.startsWith('de') ? 'de-DE' : 'en-US';
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    // new Date('2026-03-05') is midnight UTC: shown in a zone west of UTC it would be the 4th.
    ...(typeof value === 'string' && CALENDAR_DAY.test(value) ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

export function formatTime(value: Date | string): string {
  const date = new Date(value);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * "vor 5 Minuten", "3 hours ago", … through Intl (every one of the six languages has CLDR data);
 * below a minute the caller's translated "just now".
 */
export function formatRelativeTime(
  value: Date | string,
  language: string,
  justNow: string,
  now = new Date(),
): string {
  const seconds = Math.round((now.getTime() - new Date(value).getTime()) / 1000);
  if (seconds < 60) return justNow;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}
