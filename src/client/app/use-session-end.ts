import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '#client/components/ui/toast-store.ts';
import { forgetUserData } from '#client/lib/api/forget-user-data.ts';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import { onUnauthenticated } from '#client/lib/http.ts';

/**
 * A signed-in page whose session the server ended (an administrator revoked it or suspended the
 * user, issue 12) shows itself signed out at its next request, and says why, instead of failing
 * request after request. Nothing read for them stays for whoever signs in next at this tab.
 */
export function useSessionEnd() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(
    () =>
      onUnauthenticated(() => {
        if (!queryClient.getQueryData(userQueryOptions.queryKey)) return;
        queryClient.setQueryData(userQueryOptions.queryKey, null);
        forgetUserData(queryClient);
        showToast({ title: t('sessionEnded.title'), description: t('sessionEnded.text') });
      }),
    [queryClient, t],
  );
}
