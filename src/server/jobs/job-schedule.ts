/** When a periodic job runs: every N minutes, or once a day at HH:MM UTC. */
export type Schedule = { everyMinutes: number } | { dailyAtUtc: string };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The slot `now` falls in: its start, which names the slot's one run (the job key, so every
 * instance enqueues the same key and the database keeps one), and the next slot's start. Slots
 * are aligned to the epoch (every 15 minutes: :00, :15, :30, :45 UTC), not to the start of a
 * process, so instances agree on them.
 */
export function slotAt(
  schedule: Schedule,
  now: number,
): { key: string; start: number; next: number } {
  let period: number;
  let offset: number;
  if ('everyMinutes' in schedule) {
    period = schedule.everyMinutes * MINUTE;
    offset = 0;
  } else {
    const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(schedule.dailyAtUtc);
    if (!match) throw new Error(`dailyAtUtc must be HH:MM, not ${schedule.dailyAtUtc}`);
    period = DAY;
    offset = (Number(match[1]) * 60 + Number(match[2])) * MINUTE;
  }
  if (!(period >= MINUTE)) throw new Error('A schedule runs at most once a minute');
  const start = Math.floor((now - offset) / period) * period + offset;
  return { key: new Date(start).toISOString(), start, next: start + period };
}
