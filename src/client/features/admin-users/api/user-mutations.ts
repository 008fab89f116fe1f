import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';
import { apiRequest, HttpError } from '#client/lib/http.ts';
import { notifySuccess } from '#client/lib/notify.ts';
import type { AdminUserPatch } from '#shared/admin/admin-users-schemas.ts';
import { USERS_KEY } from './get-users.ts';

type Change =
  | { kind: 'update'; patch: AdminUserPatch }
  | { kind: 'suspend'; reason: string }
  | { kind: 'unsuspend' }
  | { kind: 'delete' };

function send(id: number, change: Change) {
  const url = `/api/admin/users/${id}`;
  switch (change.kind) {
    case 'update':
      return apiRequest('PATCH', url, change.patch);
    case 'suspend':
      return apiRequest('POST', `${url}/suspend`, { reason: change.reason });
    case 'unsuspend':
      return apiRequest('POST', `${url}/unsuspend`, {});
    case 'delete':
      return apiRequest('DELETE', url);
  }
}

/** Every change of one user: saved, announced, and the list and detail read again. */
export function useUserChange(id: number) {
  const { t } = useTranslation('adminUsers');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => send(id, change),
    retry: false,
    onSuccess: async (_response, change) => {
      notifySuccess(t(`done.${change.kind}`));
      await queryClient.invalidateQueries({ queryKey: [USERS_KEY] });
      if (change.kind !== 'delete') {
        await queryClient.invalidateQueries({ queryKey: ['admin-user', id] });
      }
    },
    // A refusal (409: the last administrator, already suspended…) says why in the server's words.
    onError: (error) =>
      showToast({
        title: t('failed'),
        ...(error instanceof HttpError ? { description: error.message } : {}),
        variant: 'destructive',
      }),
  });
}
