import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { BackupHistoryItemSchema } from '#shared/admin/backups.ts';
import { BACKUPS_KEY } from './get-backups.ts';

/** POST /api/admin/backups: a backup is queued at once and written in the background. */
export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async () =>
      (await readJson(
        await apiRequest('POST', '/api/admin/backups', {}),
        () => BackupHistoryItemSchema,
      ))!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BACKUPS_KEY] }),
  });
}
