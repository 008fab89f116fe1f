import type { Database } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { dayFigures, upsertDay } from './analytics.queries.ts';

export const OMNICHANNEL_ANALYTICS_JOB = 'omnichannel.analytics';
const DAY_MS = 24 * 60 * 60_000;

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Rewrites the daily figures of today and yesterday (UTC, by the injectable clock) for every
 * brand and channel type: yesterday's late replies and CSAT answers still land in its row.
 */
export async function computeAnalytics(deps: { db: Database; clock: () => Date }) {
  const now = deps.clock().getTime();
  for (const day of [utcDay(now - DAY_MS), utcDay(now)]) {
    await deps.db.transaction(async (tx) => upsertDay(tx, day, await dayFigures(tx, day)));
  }
}

/** Hourly, so today's row stays current; the day after, its figures are final. */
export function defineAnalyticsJob(deps: { db: Database; jobs: Jobs; clock: () => Date }) {
  deps.jobs.schedule({
    name: OMNICHANNEL_ANALYTICS_JOB,
    schedule: { everyMinutes: 60 },
    maxAttempts: 3,
    run: () => computeAnalytics(deps),
  });
}
