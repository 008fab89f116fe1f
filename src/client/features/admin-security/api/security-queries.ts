import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';
import { apiRequest, HttpError, readJson } from '#client/lib/http.ts';
import { notifySuccess } from '#client/lib/notify.ts';
import { usePagedList } from '#client/lib/use-paged-list.ts';
import {
  ActiveSessionPageSchema,
  FailedLoginsSchema,
  LoginLogPageSchema,
  type ActiveSession,
  type LoginEntry,
} from '#shared/admin/admin-security-schemas.ts';

export interface LoginFilters {
  username?: string;
  ip?: string;
  successful?: 'true' | 'false';
  from?: string;
  to?: string;
}

/** GET /api/admin/security/logins, newest first. */
export function useLoginLog(filters: LoginFilters) {
  return usePagedList<LoginEntry>(
    'admin-logins',
    '/api/admin/security/logins',
    { ...filters },
    LoginLogPageSchema,
  );
}

/** GET /api/admin/security/failed-logins: the last 24 hours. */
export function useFailedLogins() {
  return useQuery({
    queryKey: ['admin-failed-logins'],
    queryFn: async ({ signal }) =>
      (await readJson(
        await apiRequest('GET', '/api/admin/security/failed-logins', undefined, { signal }),
        () => FailedLoginsSchema,
      ))!,
    staleTime: 0,
  });
}

const SESSIONS_KEY = 'admin-sessions';

/** GET /api/admin/sessions: sessions that still sign in. */
export function useActiveSessions() {
  return usePagedList<ActiveSession>(
    SESSIONS_KEY,
    '/api/admin/sessions',
    {},
    ActiveSessionPageSchema,
  );
}

/** POST /api/admin/sessions/{id}/revoke. */
export function useRevokeSession() {
  const { t } = useTranslation('adminSecurity');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/admin/sessions/${id}/revoke`, {}),
    retry: false,
    onSuccess: async () => {
      notifySuccess(t('sessions.revoked'));
      await queryClient.invalidateQueries({ queryKey: [SESSIONS_KEY] });
    },
    onError: (error) =>
      showToast({
        title: t('sessions.revokeFailed'),
        ...(error instanceof HttpError ? { description: error.message } : {}),
        variant: 'destructive',
      }),
  });
}
