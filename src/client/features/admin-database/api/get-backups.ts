import { usePagedList } from '#client/lib/use-paged-list.ts';
import {
  BackupHistoryPageSchema,
  type BackupHistoryItem,
  type BackupStatus,
} from '#shared/admin/backups.ts';

export const BACKUPS_KEY = 'admin-backups';

/** GET /api/admin/backups: the history, newest first, a page at a time, of one status or all. */
export function useBackups(status: BackupStatus | undefined) {
  return usePagedList<BackupHistoryItem>(
    BACKUPS_KEY,
    '/api/admin/backups',
    { status },
    BackupHistoryPageSchema,
  );
}
