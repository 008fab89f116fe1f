import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatRelativeTime, formatTime } from '#client/lib/format-date.ts';

describe('dates and times (spec 01-core §2, §9)', () => {
  const date = new Date(2026, 2, 5, 9, 7);

  it('uses the German format for German and the US format otherwise', () => {
    expect(formatDate(date, 'de')).toBe('05.03.2026');
    expect(formatDate(date, 'en')).toBe('03/05/2026');
    expect(formatDate(date, 'ko')).toBe('03/05/2026');
  });

  it('shows a calendar day as that day in every time zone', () => {
    vi.stubEnv('TZ', 'America/New_York');
    try {
      expect(formatDate('2026-03-01', 'de')).toBe('01.03.2026');
      expect(formatDate('2026-03-01', 'en')).toBe('03/01/2026');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('shows times as HH:mm', () => {
    expect(formatTime(date)).toBe('09:07');
    expect(formatTime(new Date(2026, 0, 1, 23, 59))).toBe('23:59');
  });

  it('says just now, then minutes, hours and days', () => {
    const now = new Date(2026, 2, 5, 12, 0, 0);
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(formatRelativeTime(ago(30_000), 'de', 'gerade eben', now)).toBe('gerade eben');
    expect(formatRelativeTime(ago(5 * 60_000), 'de', 'gerade eben', now)).toBe('vor 5 Minuten');
    expect(formatRelativeTime(ago(3 * 3_600_000), 'en', 'just now', now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(2 * 86_400_000), 'de', 'gerade eben', now)).toBe('vor 2 Tagen');
    expect(formatRelativeTime(ago(86_400_000), 'mk', 'токму сега', now)).toMatch(/1/);
  });
});
