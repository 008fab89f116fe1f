import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { settingsQueryOptions } from '#client/lib/api/get-settings.ts';
import type { Settings, UpdateSettingsInput } from '#shared/settings/settings-schemas.ts';

/**
 * PATCH /api/settings/{userId} with the one changed field (spec 01-core §7). The change shows at
 * once; afterwards the settings query is refreshed. A failure is only logged (spec §8).
 */
export function useUpdateSettings(userId: number | null) {
  const queryClient = useQueryClient();
  const { queryKey } = settingsQueryOptions(userId);
  return useMutation({
    mutationFn: async (patch: UpdateSettingsInput) =>
      readJson(
        await apiRequest('PATCH', `/api/settings/${userId}`, patch),
        (s) => s.SettingsSchema,
      ),
    onMutate: (patch) => {
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, ...patch } as Settings);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
    onError: (error, patch) => console.warn('Settings update failed', patch, error),
  });
}
