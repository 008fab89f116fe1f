import type { BackupConfig } from '#shared/admin/backups.ts';

/** A size in kB or MB in the reader's language. */
export function formatSize(bytes: number | null, language: string): string {
  if (bytes === null) return '—';
  const megabytes = bytes >= 1_000_000;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(bytes / (megabytes ? 1_000_000 : 1000));
}

/** The weekday's name (0 = Sunday) in the reader's language. */
export function weekdayName(day: number, language: string): string {
  // 1 January 2023 was a Sunday.
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}

export const clockTime = (config: Pick<BackupConfig, 'hour' | 'minute'>) =>
  `${String(config.hour).padStart(2, '0')}:${String(config.minute).padStart(2, '0')}`;

/** A UTC instant as the reader's date and HH:MM UTC: schedules are in UTC, so is this. */
export function formatUtc(value: string | null, language: string): string {
  if (value === null) return '—';
  const date = new Date(value);
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    date,
  );
  return `${day} ${clockTime({ hour: date.getUTCHours(), minute: date.getUTCMinutes() })} UTC`;
}
