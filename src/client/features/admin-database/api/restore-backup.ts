import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { RestoreResultSchema } from '#shared/admin/backups.ts';
import { RESTORE_TIMEOUT_MS } from './check-restore.ts';

/** POST /api/admin/backups/restore: replaces the data with the checked backup. */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (checkToken: string) =>
      (await readJson(
        await apiRequest(
          'POST',
          '/api/admin/backups/restore',
          { checkToken, confirm: true },
          { timeoutMs: RESTORE_TIMEOUT_MS },
        ),
        () => RestoreResultSchema,
      ))!,
    // Everything may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
