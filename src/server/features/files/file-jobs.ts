import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { FilesContext } from './files.service.ts';
import { removeUnattachedUploads, sweepOrphanFiles } from './orphan-sweep.ts';
import { sweepPartialUploads } from './partial-uploads.ts';

/**
 * The files' housekeeping, once per slot across all instances (issue 15 item 4): uploads cut off
 * mid-body every 15 minutes (and at start, src/server/main.ts); every hour, uploads never sent
 * with a message after a day, and bytes whose row is gone.
 */
export function defineFileJobs(jobs: Jobs, ctx: FilesContext, log: FastifyBaseLogger) {
  jobs.schedule({
    name: 'files.partial-sweep',
    schedule: { everyMinutes: 15 },
    run: async () => {
      const removed = await sweepPartialUploads(ctx.env);
      if (removed > 0) log.info({ removed }, 'removed partial uploads');
    },
  });
  jobs.schedule({
    name: 'files.cleanup',
    schedule: { everyMinutes: 60 },
    run: async () => {
      const unattached = await removeUnattachedUploads(ctx);
      const orphaned = await sweepOrphanFiles(ctx);
      if (unattached + orphaned > 0) log.info({ unattached, orphaned }, 'removed unused uploads');
    },
  });
}
