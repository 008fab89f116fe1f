import { describe, expect, it } from 'vitest';
import { slotAt } from '#server/jobs/job-schedule.ts';

const at = (iso: string) => Date.parse(iso);

/** Every instance must name the same slot for the same moment: that key allows one run. */
describe('slotAt', () => {
  it('aligns every-N-minutes slots to the clock, not to when a process started', () => {
    expect(slotAt({ everyMinutes: 15 }, at('2026-11-26T10:44:59.999Z'))).toEqual({
      key: '2026-11-26T10:30:00.000Z',
      start: at('2026-11-26T10:30:00.000Z'),
      next: at('2026-11-26T10:45:00.000Z'),
    });
    expect(slotAt({ everyMinutes: 15 }, at('2026-11-26T10:45:00.000Z')).key).toBe(
      '2026-11-26T10:45:00.000Z',
    );
  });

  it('gives a daily job the last passed HH:MM UTC, so a missed day runs at the next start', () => {
    const daily = { dailyAtUtc: '03:30' };
    expect(slotAt(daily, at('2026-11-26T03:29:00.000Z')).key).toBe('2026-11-25T03:30:00.000Z');
    expect(slotAt(daily, at('2026-11-26T03:30:00.000Z')).key).toBe('2026-11-26T03:30:00.000Z');
    expect(slotAt(daily, at('2026-11-26T23:59:00.000Z')).next).toBe(at('2026-11-27T03:30:00.000Z'));
  });

  it('refuses a malformed time or a period under a minute', () => {
    expect(() => slotAt({ dailyAtUtc: '3:30' }, 0)).toThrow(/HH:MM/);
    expect(() => slotAt({ dailyAtUtc: '24:00' }, 0)).toThrow(/HH:MM/);
    expect(() => slotAt({ everyMinutes: 0 }, 0)).toThrow(/once a minute/);
  });
});
