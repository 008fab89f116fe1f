import type { BackupSchedule } from '#shared/admin/backups.ts';

const DAY_MS = 24 * 60 * 60_000;

function daysInMonth(year: number, month: number) {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The first time after `after` that a schedule names (UTC): daily at HH:MM, weekly on its day at
 * HH:MM, monthly on its day (the month's last day when it is shorter) at HH:MM.
 */
export function computeNextRun(schedule: BackupSchedule, after: Date): Date {
  const { hour, minute } = schedule;
  const at = (year: number, month: number, day: number) =>
    new Date(Date.UTC(year, month, day, hour, minute));
  const start = new Date(after.getTime());
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth();

  if (schedule.frequency === 'monthly') {
    for (let offset = 0; offset < 3; offset++) {
      const y = year + Math.floor((month + offset) / 12);
      const m = (month + offset) % 12;
      const candidate = at(y, m, Math.min(schedule.dayOfMonth ?? 1, daysInMonth(y, m)));
      if (candidate > after) return candidate;
    }
  }
  let candidate = at(year, month, start.getUTCDate());
  while (
    candidate <= after ||
    (schedule.frequency === 'weekly' && candidate.getUTCDay() !== (schedule.dayOfWeek ?? 0))
  ) {
    candidate = new Date(candidate.getTime() + DAY_MS);
  }
  return candidate;
}
