import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '#client/lib/api-base.ts';
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
      // The native app's API lives on another origin (VITE_NATIVE_API_HOST).
      open(apiUrl(link.url));
      return link;
    },
  });
}
