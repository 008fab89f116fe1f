import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest, HttpError, readJson } from '#client/lib/http.ts';
import { showToast } from '#client/components/ui/toast-store.ts';
import { currentLanguage, FALLBACK_LANGUAGE } from '#client/lib/i18n.ts';
import { notifySuccess } from '#client/lib/notify.ts';
import { forgetUserData, isUserData } from '#client/lib/api/forget-user-data.ts';
import { userQueryOptions } from '#client/lib/api/get-user.ts';
import type { LoginInput, PublicUser, RegisterInput } from '#shared/auth/auth-schemas.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const USER_KEY = userQueryOptions.queryKey;

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * Checks the user just stored with the server after `ms`, unless they have logged out meanwhile:
 * asked while the logout is on its way, the server would still answer with them and bring the
 * signed-in screens back (with reads that follow the logout and fail with 401).
 */
async function revalidateUser(queryClient: QueryClient, ms: number) {
  await wait(ms);
  if (queryClient.getQueryData(USER_KEY) == null) return;
  await queryClient.invalidateQueries({ queryKey: USER_KEY });
}

/**
 * Stores the user who just signed in. Whatever the cache holds of another user (the last one at
 * this tab, whose session may have ended unseen) goes first: most keys carry no user id.
 */
function storeUser(queryClient: QueryClient, user: PublicUser) {
  if (queryClient.getQueryData(USER_KEY)?.id !== user.id) forgetUserData(queryClient);
  queryClient.setQueryData(USER_KEY, user);
}

/**
 * The failure text of spec 01-core §8 ("server message, fallback …"), in the interface language
 * where the server's answer is one we know by status and field.
 */
export function authErrorText(error: Error, t: Translate, fallback: string): string {
  if (!(error instanceof HttpError)) return error.message || fallback;
  const fields = (error.details ?? {}) as Record<string, unknown>;
  if (error.status === 401) return t('auth:error.invalidCredentials');
  if (error.status === 429) return t('auth:error.tooManyAttempts');
  if (error.status === 403 && 'suspended' in fields) return t('auth:error.suspended');
  if (error.status === 409 && 'email' in fields) return t('auth:error.emailTaken');
  if (error.status === 409) return t('auth:error.usernameTaken');
  return error.message || fallback;
}

/** Display name, else username (spec 01-core §2 user card). */
export const nameOf = (user: PublicUser) => user.displayName || user.username;

/** Login (spec 01-core §4): store the user, revalidate after 30 ms; toasts of §8. */
export function useLogin() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      (await readJson(await apiRequest('POST', '/api/login', input), (s) => s.PublicUserSchema))!,
    retry: false,
    onSuccess: async (user) => {
      storeUser(queryClient, user);
      notifySuccess(
        t('authToast.loginSuccessText', { name: nameOf(user) }),
        t('authToast.loginSuccessTitle'),
      );
      await revalidateUser(queryClient, 30);
    },
    onError: (error) =>
      showToast({
        title: t('authToast.loginFailureTitle'),
        description: authErrorText(error, t, t('authToast.loginFailureTitle')),
        variant: 'destructive',
      }),
  });
}

/** Registration: store the user, revalidate after 50 ms and again after 300 ms (spec §4). */
export function useRegister() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      const response = await apiRequest('POST', '/api/register', input);
      const user = (await readJson(response, (s) => s.PublicUserSchema))!;
      // A new account stores German; whoever registers in another language keeps it, since the
      // stored language overrides the interface language (spec 01-core §4).
      const language = currentLanguage();
      if (language !== FALLBACK_LANGUAGE) {
        await apiRequest('PATCH', `/api/settings/${user.id}`, { language }).catch(
          (error: unknown) => console.warn('Could not store the interface language', error),
        );
      }
      return user;
    },
    retry: false,
    onSuccess: async (user) => {
      storeUser(queryClient, user);
      notifySuccess(
        t('authToast.registerSuccessText', { name: nameOf(user) }),
        t('authToast.registerSuccessTitle'),
      );
      await revalidateUser(queryClient, 50);
      void revalidateUser(queryClient, 300);
    },
    onError: (error) =>
      showToast({
        title: t('authToast.registerFailureTitle'),
        description: authErrorText(error, t, t('authToast.registerFailureTitle')),
        variant: 'destructive',
      }),
  });
}

/** Longest wait at logout for the signed-in user's reads still on their way. */
const LOGOUT_SETTLE_MS = 2000;

/**
 * Logout: user null at once, revalidate and refetch after 100 ms (spec §4). The signed-in screens
 * go at once, so they start no more reads of the user's data; the reads already on their way, or
 * started as those screens render without the user (the list, the settings, just after signing
 * in), finish before the request: sent behind it they would reach the server with an ended
 * session and fail with 401. A failed logout brings the user back from the server.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async () => {
      await queryClient.cancelQueries({ queryKey: USER_KEY });
      queryClient.setQueryData(USER_KEY, null);
      const until = Date.now() + LOGOUT_SETTLE_MS;
      do {
        await wait(20);
      } while (queryClient.isFetching({ predicate: isUserData }) > 0 && Date.now() < until);
      return apiRequest('POST', '/api/logout');
    },
    retry: false,
    onSuccess: async () => {
      // Per-user data must not outlive the session.
      forgetUserData(queryClient);
      notifySuccess(t('authToast.logoutSuccessText'), t('authToast.logoutSuccessTitle'));
      await wait(100);
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      await queryClient.refetchQueries({ queryKey: USER_KEY });
    },
    onError: (error) => {
      showToast({
        title: t('authToast.logoutFailureTitle'),
        description: error.message,
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: USER_KEY });
    },
  });
}
