import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { BackupDownloadLinkSchema } from '#shared/admin/backups.ts';

/** POST /api/admin/backups/{id}/download-link, then the browser downloads from the link. */
export function useDownloadBackup(
  open: (url: string) => void = (url) => window.location.assign(url),
) {
  return useMutation({
    retry: false,
    mutationFn: async (id: number) => {
      const link = (await readJson(
        await apiRequest('POST', `/api/admin/backups/${id}/download-link`, {}),
        () => BackupDownloadLinkSchema,
      ))!;
      open(link.url);
      return link;
    },
  });
}
