import { usePagedList } from '#client/lib/use-paged-list.ts';
import { BackupHistoryPageSchema, type BackupHistoryItem } from '#shared/admin/backups.ts';

export const BACKUPS_KEY = 'admin-backups';

/** GET /api/admin/backups: the history, newest first, a page at a time. */
export function useBackups() {
  return usePagedList<BackupHistoryItem>(
    BACKUPS_KEY,
    '/api/admin/backups',
    {},
    BackupHistoryPageSchema,
  );
}
