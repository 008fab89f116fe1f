import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import {
  AppSettingsFileSchema,
  AppSettingsSchema,
  type AppSettings,
  type AppSettingsFile,
  type AppSettingsPatch,
} from '#shared/admin/app-settings.ts';

const settingsQuery = queryOptions({
  queryKey: ['admin-settings'],
  queryFn: async () =>
    (await readJson(await apiRequest('GET', '/api/admin/settings'), () => AppSettingsSchema))!,
});

/** GET /api/admin/settings. */
export function useAdminSettings() {
  return useQuery(settingsQuery);
}

/** The public app config (banner, register form) follows at once on this screen's changes. */
function useSettingsWriter<Input>(request: (input: Input) => Promise<AppSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQuery.queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: ['app-config'] });
    },
  });
}

/** PATCH /api/admin/settings with the changed keys (null: back to the default). */
export function useUpdateAdminSettings() {
  return useSettingsWriter(
    async (patch: AppSettingsPatch) =>
      (await readJson(
        await apiRequest('PATCH', '/api/admin/settings', patch),
        () => AppSettingsSchema,
      ))!,
  );
}

/** POST /api/admin/settings/import of a file GET …/export wrote. */
export function useImportSettings() {
  return useSettingsWriter(
    async (file: AppSettingsFile) =>
      (await readJson(
        await apiRequest('POST', '/api/admin/settings/import', file),
        () => AppSettingsSchema,
      ))!,
  );
}

/** GET /api/admin/settings/export, handed to the browser as a file download. */
export async function downloadSettingsExport() {
  const response = await apiRequest('GET', '/api/admin/settings/export');
  const file = (await readJson(response, () => AppSettingsFileSchema))!;
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `orbit-settings-${(file.exportedAt ?? new Date().toISOString()).slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}
