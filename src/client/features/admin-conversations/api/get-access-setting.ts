import { useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { AppSettingsSchema } from '#shared/admin/app-settings.ts';

/** Whether the setting adminConversationAccess lets administrators read conversations. */
export function useConversationAccess() {
  return useQuery({
    queryKey: ['admin-settings'],
    queryFn: async () =>
      (await readJson(await apiRequest('GET', '/api/admin/settings'), () => AppSettingsSchema))!,
    select: (settings) => settings.adminConversationAccess,
  });
}
