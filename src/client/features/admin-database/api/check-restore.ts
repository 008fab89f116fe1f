import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { RESTORE_TIMEOUT_MS, RestoreCheckSchema } from '#shared/admin/backups.ts';

/**
 * POST /api/admin/backups/{id}/restore-check, or …/restore-check with an uploaded file: the
 * backup is loaded into a scratch database and its rows counted, nothing live changes yet.
 */
export function useCheckRestore() {
  return useMutation({
    retry: false,
    mutationFn: async (source: { backupId: number } | { file: File }) =>
      (await readJson(
        'file' in source
          ? await apiRequest('POST', '/api/admin/backups/restore-check', source.file, {
              timeoutMs: RESTORE_TIMEOUT_MS,
            })
          : await apiRequest(
              'POST',
              `/api/admin/backups/${source.backupId}/restore-check`,
              {},
              {
                timeoutMs: RESTORE_TIMEOUT_MS,
              },
            ),
        () => RestoreCheckSchema,
      ))!,
  });
}
