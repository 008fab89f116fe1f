import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { BackupConfigSchema, type BackupConfigInput } from '#shared/admin/backups.ts';
import { BACKUP_CONFIGS_KEY } from './get-backup-configs.ts';

/** POST /api/admin/backups/configs (new) or PUT …/configs/{id} (changed). */
export function useSaveBackupConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async ({ id, input }: { id: number | null; input: BackupConfigInput }) =>
      (await readJson(
        await apiRequest(
          id === null ? 'POST' : 'PUT',
          id === null ? '/api/admin/backups/configs' : `/api/admin/backups/configs/${id}`,
          input,
        ),
        () => BackupConfigSchema,
      ))!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BACKUP_CONFIGS_KEY] }),
  });
}
