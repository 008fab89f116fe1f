import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/http.ts';
import { BACKUP_CONFIGS_KEY } from './get-backup-configs.ts';

/** DELETE /api/admin/backups/configs/{id}: its backups stay in the history. */
export function useDeleteBackupConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/admin/backups/configs/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BACKUP_CONFIGS_KEY] }),
  });
}
