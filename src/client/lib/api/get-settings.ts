import { queryOptions } from '@tanstack/react-query';
import { getJson } from '#client/lib/http.ts';

/** GET /api/settings/{userId} (spec 01-core §7): only with a user, never refreshed automatically. */
export const settingsQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: ['settings', userId],
    queryFn: async () => (await getJson(`/api/settings/${userId}`, (s) => s.SettingsSchema))!,
    enabled: userId !== null,
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
