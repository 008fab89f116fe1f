import type { Jobs } from '#server/jobs/jobs.ts';
import { BACKUP_JOB, type BackupService } from './backups.service.ts';

/**
 * The scheduler runs inside the server on the jobs layer (decision 070): one tick a minute across
 * all instances (a periodic slot), and each backup a job of its own, keyed by its history row.
 */
export function defineBackupJobs(jobs: Jobs, service: BackupService) {
  jobs.define<{ historyId: number }>({
    name: BACKUP_JOB,
    // A failure is recorded on the history row, not retried: the next run is the next slot.
    maxAttempts: 2,
    run: ({ historyId }) => service.runBackup(historyId),
  });
  jobs.schedule({
    name: 'backups.tick',
    schedule: { everyMinutes: 1 },
    run: () => service.tick(),
  });
}
