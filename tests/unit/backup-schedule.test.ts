import { describe, expect, it } from 'vitest';
import { computeNextRun } from '#server/features/backups/backup-schedule.ts';
import { createSignedToken, readSignedToken } from '#server/features/backups/signed-token.ts';

const at = (iso: string) => new Date(iso);
const next = (schedule: Parameters<typeof computeNextRun>[0], after: string) =>
  computeNextRun(schedule, at(after)).toISOString();
const daily = {
  frequency: 'daily',
  dayOfWeek: null,
  dayOfMonth: null,
  hour: 3,
  minute: 15,
} as const;

describe('the next run of a backup schedule (UTC)', () => {
  it('is later today or tomorrow for a daily one, never the instant itself', () => {
    expect(next(daily, '2026-03-02T01:00:00Z')).toBe('2026-03-02T03:15:00.000Z');
    expect(next(daily, '2026-03-02T03:15:00Z')).toBe('2026-03-03T03:15:00.000Z');
    expect(next(daily, '2026-12-31T23:59:00Z')).toBe('2027-01-01T03:15:00.000Z');
  });

  it('is the named weekday for a weekly one', () => {
    const sunday = { ...daily, frequency: 'weekly', dayOfWeek: 0 } as const;
    // 2 March 2026 is a Monday.
    expect(next(sunday, '2026-03-02T12:00:00Z')).toBe('2026-03-08T03:15:00.000Z');
    expect(next(sunday, '2026-03-08T03:14:00Z')).toBe('2026-03-08T03:15:00.000Z');
    expect(next(sunday, '2026-03-08T03:15:00Z')).toBe('2026-03-15T03:15:00.000Z');
  });

  it('is the named day of the month, or its last day when the month is shorter', () => {
    const monthly = { ...daily, frequency: 'monthly', dayOfMonth: 31 } as const;
    expect(next(monthly, '2026-01-31T04:00:00Z')).toBe('2026-02-28T03:15:00.000Z');
    expect(next(monthly, '2026-02-28T04:00:00Z')).toBe('2026-03-31T03:15:00.000Z');
    expect(next(monthly, '2026-12-31T04:00:00Z')).toBe('2027-01-31T03:15:00.000Z');
    expect(next({ ...monthly, dayOfMonth: 1 }, '2026-11-15T00:00:00Z')).toBe(
      '2026-12-01T03:15:00.000Z',
    );
  });
});

describe('signed tokens', () => {
  const now = at('2026-03-02T10:00:00Z');
  const token = createSignedToken('secret', 'download', { id: 4 }, at('2026-03-02T10:05:00Z'));

  it('carry their claims until they expire, for their purpose and key only', () => {
    expect(readSignedToken('secret', 'download', token, now)).toMatchObject({ id: 4 });
    expect(readSignedToken('secret', 'download', token, at('2026-03-02T10:05:00Z'))).toBeNull();
    expect(readSignedToken('secret', 'restore', token, now)).toBeNull();
    expect(readSignedToken('other-secret', 'download', token, now)).toBeNull();
    const [, signature] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ id: 5, exp: Date.parse('2030-01-01') })).toString(
      'base64url',
    );
    expect(readSignedToken('secret', 'download', `${changed}.${signature}`, now)).toBeNull();
  });
});
