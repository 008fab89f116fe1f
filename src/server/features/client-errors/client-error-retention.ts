import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { deleteClientErrorsBefore } from './client-errors.queries.ts';

/** Reports are kept 30 days (docs/decisions/326-client-error-reports-bounded.md). */
export const CLIENT_ERROR_RETENTION_DAYS = 30;
export const CLIENT_ERROR_CLEANUP_JOB = 'client-errors.cleanup';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes reports older than the retention once an hour across all instances, so the table
 * (and the disk under it) stays bounded by the intake limits times the retention.
 */
export function defineClientErrorCleanup(jobs: Jobs, db: Database, log: FastifyBaseLogger) {
  jobs.schedule({
    name: CLIENT_ERROR_CLEANUP_JOB,
    schedule: { everyMinutes: 60 },
    run: async () => {
      const before = new Date(Date.now() - CLIENT_ERROR_RETENTION_DAYS * DAY_MS);
      const removed = await deleteClientErrorsBefore(db, before);
      if (removed > 0) log.info({ removed }, 'removed old client error reports');
    },
  });
}
