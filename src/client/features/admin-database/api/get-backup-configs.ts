import { usePagedList } from '#client/lib/use-paged-list.ts';
import { BackupConfigPageSchema, type BackupConfig } from '#shared/admin/backups.ts';

export const BACKUP_CONFIGS_KEY = 'admin-backup-configs';

/** GET /api/admin/backups/configs: the schedules, oldest first. */
export function useBackupConfigs() {
  return usePagedList<BackupConfig>(
    BACKUP_CONFIGS_KEY,
    '/api/admin/backups/configs',
    { order: 'asc' },
    BackupConfigPageSchema,
  );
}
